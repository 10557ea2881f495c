import { plainDecimal } from '@bazar/contracts/numbers';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegister,
} from 'react-hook-form';
import type { z } from 'zod';
import { messageInLanguage } from './messages';

/**
 * The one form pattern of the web app: react-hook-form checked by a zod schema of
 * `packages/contracts` (the same rules the server applies), or a schema built from one.
 *
 * - The values are checked on submit, then again on every change: a mark disappears as soon as
 *   its field is fixed.
 * - The handler gets the schema's output (trimmed texts, numbers, normalised phones): what it sends
 *   is what the server's schema accepts.
 * - A screen whose spec shows one message for an empty form passes `onInvalid` to handleSubmit and
 *   shows that message; the field marks come from the schema.
 */
export function useZodForm<
  S extends z.ZodType<FieldValues, FieldValues>,
  /** The inputs' values, when they are narrower than what the schema takes (pickers' objects). */
  Values extends FieldValues = z.input<S>,
  Context = unknown,
>(schema: S, options: Omit<UseFormProps<NoInfer<Values>, Context, z.output<S>>, 'resolver'> = {}) {
  return useForm<Values, Context, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    // The resolver's overloads cannot follow a generic schema; its types are the schema's own.
    resolver: zodResolver(schema) as unknown as Resolver<Values, Context, z.output<S>>,
  });
}

/**
 * What a number input holds, as the JSON number a contracts schema expects: a plain decimal
 * ("12", "0.25") becomes that number (contracts' `plainDecimal`, the server's own reading of
 * text); an empty input becomes `empty`; anything else stays text, so the schema refuses it.
 */
export const toNumber =
  (empty: number | null | undefined = undefined) =>
  (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return empty;
    return plainDecimal(text) ?? text;
  };

/**
 * Registers a text or number input whose value the schema reads as a JSON number.
 * `empty` is what an empty input means: undefined (missing), null (no value) or a number.
 */
export function numberInput<T extends FieldValues>(
  register: UseFormRegister<T>,
  name: Path<T>,
  { empty, ...options }: { empty?: number | null } & Omit<RegisterOptions<T, Path<T>>, 'setValueAs'> = {},
) {
  return register(name, { ...options, setValueAs: toNumber(empty) } as RegisterOptions<T, Path<T>>);
}

/**
 * The attributes of a field a person types a number into: a text input with the phone's number
 * pad, not `type="number"`, which refuses Bengali digits (a cashier in Bangla mode types ১২৫ for
 * 125; `toNumber` and `readNumber` read both). `whole` shows the pad without a decimal point.
 */
export const numberField = (kind: 'whole' | 'decimal') =>
  ({ type: 'text', inputMode: kind === 'whole' ? 'numeric' : 'decimal', autoComplete: 'off' }) as const;

/** The number a typed text spells (Latin or Bengali digits, spaces around ignored), or undefined. */
export const readNumber = (text: string): number | undefined => plainDecimal(text.trim());

/** Errors that show their own words: the server's (422) and a screen's own checks. */
const SHOWN_AS_IS = new Set(['server', 'manual']);

/**
 * The text under a field: the server's words (a 422 put there by setServerErrors) or a screen's
 * own as they are; a schema's refusal in the catalogue's words when the screen has them
 * (`clientText`), else in the schema's, written in the screens' language (lib/messages.ts).
 */
export function fieldMessage(error: { type?: unknown; message?: string } | undefined, clientText?: string) {
  if (!error) return undefined;
  if (clientText === undefined || SHOWN_AS_IS.has(String(error.type)))
    return error.message === undefined ? undefined : messageInLanguage(error.message);
  return clientText;
}

/** The error of a dotted field path (`variations.0.price`) in react-hook-form's errors. */
export function errorAt(errors: unknown, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node && typeof node === 'object' && 'type' in node ? (node as FieldError) : undefined;
}

/** True for a value a person left empty: nothing, null, or only spaces. */
export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
