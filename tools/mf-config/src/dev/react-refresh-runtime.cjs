// One React Fast Refresh runtime per page, shared by the shell and every remote (dev builds only).
//
// Each app's bundle would otherwise carry its own copy of react-refresh/runtime, and only the copy
// that first hooks into React DevTools' global hook learns about the page's react-dom. Inside the
// shell's page a remote's components would register with a copy that knows no renderer, so an edit
// in a remote would be hot-applied but never re-rendered. The rspack config points
// `react-refresh/runtime` here; the first bundle on the page publishes its copy, the others use it.
const KEY = '__agentora_react_refresh_runtime__';

if (!globalThis[KEY]) {
  const runtime = require('react-refresh/cjs/react-refresh-runtime.development.js');
  let injected = false;
  globalThis[KEY] = {
    ...runtime,
    // Every bundle's refresh entry asks for this; hooking in twice would wrap React's hook twice.
    injectIntoGlobalHook(target) {
      if (injected) return;
      injected = true;
      runtime.injectIntoGlobalHook(target);
    },
  };
}

module.exports = globalThis[KEY];
