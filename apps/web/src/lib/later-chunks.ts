/**
 * Starts fetching the rest of this page's code: the chunks the server listed in index.html's inert
 * `<template id="later-chunks">` (apps/server/src/plugins/web-app.ts), all at once and without
 * running them. A page calls it once its first screen is drawn, so they never slow that screen.
 * Without the template (a page the server lists nothing for, the app shell from the service worker)
 * it does nothing, and each chunk is fetched when it is imported.
 */
export function fetchLaterChunks(): void {
  const template = document.getElementById('later-chunks');
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  document.head.append(template.content);
}
