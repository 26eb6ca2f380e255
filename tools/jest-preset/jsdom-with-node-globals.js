// jsdom lacks the web platform pieces that Node already has (fetch, streams, encoders...).
// Borrow Node's, so code under test runs the same APIs it gets in a browser. Not MessageChannel:
// React's scheduler would use it, and its ports keep Jest from exiting.
const { TestEnvironment } = require('jest-environment-jsdom');

const BORROWED = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'AbortController',
  'AbortSignal',
  'URL',
  'URLSearchParams',
  'crypto',
  'WebSocket',
];

class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of BORROWED) {
      if (name in globalThis && globalThis[name] !== undefined) {
        this.global[name] = globalThis[name];
      }
    }
  }
}

module.exports = JsdomWithNodeGlobals;
