// What a prerendered page's HTML and the shell's entry agree on (docs/prerendering.md).
//
// A prerendered page shows the whole page before any script: its scripts start only after the first
// paint, from a small inline script the shell's build writes into the page template
// (tools/mf-config/src/startup-preload.ts). Until the shell's entry runs, that inline script also
// keeps the browser from sending a form in the page by itself (a plain GET would put what was typed
// into the address and reload the page): it keeps the form, and the entry sends it once the form's
// code has hydrated (apps/shell/src/federation/early-interactions.ts).

/** The global where the inline script keeps forms sent before the entry ran, and its listener. */
export const EARLY_SUBMITS_GLOBAL = '__agentoraEarlySubmits';

/** What the inline script leaves in EARLY_SUBMITS_GLOBAL. */
export interface EarlySubmits {
  /** Each form sent, with the button that sent it (or null). */
  held: Array<[HTMLFormElement, HTMLElement | null]>;
  /** Removes the inline script's listener: the entry handles sends from now on. */
  stop: () => void;
}

/**
 * The inline script of a prerendered page: holds forms sent early (EarlySubmits), and loads
 * `scripts` in order once the page has painted: a requestAnimationFrame callback runs just before a
 * frame, and a task queued from the callback of the frame after runs once the first frame is out
 * (one frame is not always enough: the browser may present the first paint a frame late).
 */
export function prerenderedPageLoader(scripts: readonly string[]): string {
  return (
    '(function(){' +
    'var held=[];function hold(e){e.preventDefault();held.push([e.target,e.submitter||null])}' +
    "document.addEventListener('submit',hold,true);" +
    `window.${EARLY_SUBMITS_GLOBAL}={held:held,stop:function(){document.removeEventListener('submit',hold,true)}};` +
    'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(function(){' +
    `${JSON.stringify(scripts)}.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s)})` +
    '})})})})()'
  );
}
