// The HTML an app's build writes. The shell: its client-rendered page (index.html) and, for
// production, the template the prerender fills for every route. A remote: its standalone page, a
// harness that shows its parts on their own.
import path from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { GLOBAL_CSS, THEME_COLOR } from '@agentora/ui/global-css';
import type { AppBuild } from './app-build.ts';
import { PAGE_TEMPLATE_FILE } from './server-files.ts';
import { siteIcon } from './site-icon.ts';
import { STANDALONE_RUNTIME_FILE } from './standalone-runtime.ts';
import { StartupPreloadPlugin } from './startup-preload.ts';

// Only the shell's client-rendered page (its index.html) preloads the runtime config; the
// prerendered pages' template leaves it, like the scripts, until after the first paint.
const RUNTIME_CONFIG_PRELOAD =
  '<link rel="preload" href="/runtime-config.json" as="fetch" crossorigin="anonymous" />';
// What every page of every app carries in its <head> before any script: the site's global rules.
const PAGE_HEAD = { globalCss: GLOBAL_CSS, themeColor: THEME_COLOR };
// The shell's pages carry their icon in the HTML (site-icon.ts).
const SITE_ICON = siteIcon();
const SHELL_PAGE_HEAD = {
  ...PAGE_HEAD,
  siteIconHref: SITE_ICON.href,
  siteIconType: SITE_ICON.type,
};
// A remote's own page is only its standalone harness: one template serves all three.
const remoteStandaloneTemplate = path.resolve(
  import.meta.dirname,
  '../templates/remote-standalone.html',
);

export function pagePlugins({
  name,
  appDir,
  isProduction,
  isShell,
}: AppBuild): RspackPluginInstance[] {
  if (!isShell) {
    return [
      new rspack.HtmlRspackPlugin({
        template: remoteStandaloneTemplate,
        templateParameters: {
          ...PAGE_HEAD,
          remoteName: name,
          standaloneRuntimeFile: STANDALONE_RUNTIME_FILE,
        },
        // The page runs the app's own entry; remoteEntry.js is for hosts. One webpack runtime
        // per page also keeps hot updates in one place.
        chunks: ['main'],
        scriptLoading: 'defer',
        minify: isProduction,
      }),
    ];
  }
  const template = path.join(appDir, 'index.html');
  return [
    new rspack.HtmlRspackPlugin({
      template,
      templateParameters: { ...SHELL_PAGE_HEAD, runtimeConfigPreload: RUNTIME_CONFIG_PRELOAD },
      scriptLoading: 'defer',
      minify: isProduction,
    }),
    // The same page once more, under a name of its own: the prerender fills it for every route
    // and writes index.html (the home page) over the client-rendered one.
    ...(isProduction
      ? [
          new rspack.HtmlRspackPlugin({
            template,
            filename: PAGE_TEMPLATE_FILE,
            templateParameters: { ...SHELL_PAGE_HEAD, runtimeConfigPreload: '' },
            inject: 'body',
            minify: true,
          }),
        ]
      : []),
    new StartupPreloadPlugin({
      bootstrapRequest: './bootstrap',
      afterFirstPaint: [PAGE_TEMPLATE_FILE],
    }),
  ];
}
