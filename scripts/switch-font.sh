#!/usr/bin/env bash
# Cuts the four glyphs of "বাংলা" out of Noto Sans Bengali (SIL OFL 1.1) for the language switch's
# label in English mode (apps/web/src/components/language-switch.css embeds the result as base64).
# Needs fonttools with brotli (Debian: apt-get install fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp --suffix .woff2)"
pyftsubset node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2 \
  --text="বাংলা" --flavor=woff2 --layout-features='*' --no-hinting --desubroutinize --output-file="$out"
echo "$(wc -c <"$out") bytes; base64 for the CSS:"
base64 -w0 "$out"
echo
rm -f "$out"
