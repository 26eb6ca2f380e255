// The shared modules the shell hands to the federation runtime for the remotes: its own copies, the
// ones the page already runs (one React, one router, one styled-components, one theme, one backend
// client). The list is PROVIDED_BY_SHELL in libs/contracts/src/shared-modules.ts (shared-modules.test.ts
// keeps the two equal); a remote build that consumes anything else fails there.
//
// Each is the module as a bundler hands it to code that imports it: a CommonJS package's exports
// object (a default import here), an ES module's namespace.
import React from 'react';
import ReactJsxRuntime from 'react/jsx-runtime';
import ReactJsxDevRuntime from 'react/jsx-dev-runtime';
import ReactDom from 'react-dom';
import ReactDomClient from 'react-dom/client';
// The lean router the shell itself runs (the build maps react-router-dom to shared-router.ts).
import * as router from 'react-router-dom';
import * as styledComponents from 'styled-components';
import * as ui from '@agentora/ui';
import * as data from '@agentora/data';

export const SHELL_SHARED_MODULES: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react/jsx-dev-runtime': ReactJsxDevRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-router-dom': router,
  'styled-components': styledComponents,
  '@agentora/ui': ui,
  '@agentora/data': data,
};
