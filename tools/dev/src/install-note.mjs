// Run by `npm install` (the root package's postinstall): the one line a newcomer needs when npm itself
// runs on an older Node than the repo's scripts need. npm's own warnings are kept to errors
// (.npmrc), so without this line nothing would say which Node the scripts use.
import { readFileSync } from 'node:fs';

const repoMajor = Number(readFileSync(new URL('../../../.nvmrc', import.meta.url), 'utf8').trim());
const npmNode = /node\/v(\d+)\.(\d+)/.exec(process.env.npm_config_user_agent ?? '');
if (npmNode && Number(npmNode[1]) < repoMajor)
  console.info(
    `Node ${npmNode[1]}.${npmNode[2]} runs npm here; every npm script runs on the repo's own Node ${repoMajor} (the \`node\` devDependency in node_modules/.bin), so there is nothing else to install.`,
  );
