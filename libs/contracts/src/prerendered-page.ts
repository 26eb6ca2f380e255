// What a prerendered page's HTML and the shell's entry agree on (docs/prerendering.md).
//
// A prerendered page shows the whole page before any script: its scripts start only after the first
// paint, from a small inline script the shell's build writes into the page template
// (tools/mf-config/src/startup-preload.ts). Until the shell's entry runs, that inline script also
// keeps the browser from sending a form in the page by itself (a plain GET would put what was typed
// into the address and reload the page): it keeps the form, and the entry sends it once the form's
// code has hydrated. It keeps other presses of buttons the same way (without it, a press before the
// entry ran would do nothing, silently). And it notes where the visitor pointed, touched, focused, typed or chose, so
// that the entry loads the code of the parts already in use and hands over what was typed
// (apps/shell/src/federation/early-interactions/).

/** The global where the inline script keeps what the visitor did before the entry ran. */
export const EARLY_USE_GLOBAL = '__agentoraEarlyUse';

/** The events the inline script notes as use of the element they happen in. */
export const EARLY_USE_EVENTS = [
  // The pointer resting on the part: once the entry runs, no new event may come from it.
  'pointerover',
  'pointerdown',
  'touchstart',
  'wheel',
  'keydown',
  'focusin',
  'input',
  'change',
  'dragover',
] as const;

/**
 * What a press acts on: the elements whose press is held until their part's code runs (links are
 * left alone: the browser follows them to their prerendered page).
 */
export const PRESSABLE_SELECTOR =
  'button, input[type="submit"], input[type="button"], input[type="reset"], input[type="image"], [role="button"]';

/** What the inline script leaves in EARLY_USE_GLOBAL. */
export interface EarlyUse {
  /** Each form sent, with the button that sent it (or null). */
  held: Array<[HTMLFormElement, HTMLElement | null]>;
  /** Each press of a button that does not send a form, in order (its default was prevented). */
  pressed: Element[];
  /** Each drop of files, with the element it landed on (the browser would have opened the file). */
  dropped: Array<[EventTarget, File[]]>;
  /** The elements used, once each, in order. */
  used: EventTarget[];
  /** Ends the inline script's part: the entry handles everything from now on. */
  stop: () => void;
}

/**
 * The inline script of a prerendered page: holds forms sent early and notes what was used
 * (EarlyUse), and loads `scripts` in order once the page's first paint is on screen.
 *
 * On screen, not only drawn: a request started before the first paint is presented counts, for a
 * page-load measurement such as Lighthouse's, as something the paint may have waited for. So where
 * the browser reports paints (Paint Timing), the scripts start once it has reported the first
 * contentful paint, which it does after presenting it; and in any case only after two frames have
 * run since this script (at the end of the body, so after the whole page was parsed): a
 * requestAnimationFrame callback runs just before a frame, a task queued from the callback of the
 * frame after runs once the first frame is out.
 *
 * Once the entry has taken over (`stop`), the listeners stay but do nothing: removing a document's
 * listeners makes the browser recompute its input-handler regions, inside the entry's first task.
 */
export function prerenderedPageLoader(scripts: readonly string[]): string {
  return (
    '(function(){' +
    'var held=[],pressed=[],used=[],dropped=[],d=document,w=window,on=1,waits=2;' +
    'function hold(e){if(!on)return;e.preventDefault();held.push([e.target,e.submitter||null])}' +
    // A press of a form's submit button is kept as the form sent (the entry sends it once, however
    // often it was pressed); any other press is kept to be pressed again.
    `function press(e){var b=on&&e.target&&e.target.closest&&e.target.closest(${JSON.stringify(PRESSABLE_SELECTOR)});` +
    "if(!b||b.disabled)return;e.preventDefault();if(b.form&&(b.type==='submit'||b.type==='image'))held.push([b.form,b]);else pressed.push(b)}" +
    'function over(e){if(on)e.preventDefault()}' +
    'function drop(e){if(!on)return;e.preventDefault();dropped.push([e.target,Array.prototype.slice.call(e.dataTransfer&&e.dataTransfer.files||[])])}' +
    'function use(e){if(on&&used.indexOf(e.target)<0)used.push(e.target)}' +
    `var types=${JSON.stringify(EARLY_USE_EVENTS)};` +
    "d.addEventListener('submit',hold,true);d.addEventListener('click',press,true);d.addEventListener('dragover',over,true);d.addEventListener('drop',drop,true);" +
    'types.forEach(function(t){d.addEventListener(t,use,{capture:true,passive:true})});' +
    `w.${EARLY_USE_GLOBAL}={held:held,pressed:pressed,used:used,dropped:dropped,stop:function(){on=0}};` +
    // Each of the two waits (painted, two frames) calls go once; the second to finish starts the scripts.
    'function go(){if(--waits)return;' +
    `${JSON.stringify(scripts)}.forEach(function(src){var s=d.createElement('script');s.src=src;s.async=false;d.head.appendChild(s)})}` +
    'var kinds=w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];' +
    "if(kinds.indexOf('paint')<0)go();else new PerformanceObserver(function(list,observer){" +
    "if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(go,0)}" +
    "}).observe({type:'paint',buffered:true});" +
    'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})' +
    '})()'
  );
}
