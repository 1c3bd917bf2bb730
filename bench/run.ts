import { benchAccounts } from './accounts.ts';
import { benchAdmin } from './admin.ts';
import { benchApi } from './api.ts';
import { benchCreator } from './creator.ts';
import { benchDocuments } from './documents.ts';
import { benchHostileImages } from './hostile-images.ts';
import { benchLookups } from './lookups.ts';
import { benchRequests } from './requests.ts';
import { benchSeals } from './seals.ts';
import { benchStartup } from './startup.ts';
import { benchTemplates } from './templates.ts';
import { benchWeb } from './web.ts';

/** `npm run bench`: every benchmark, each printed as ratios to a baseline measured in the same run. */
const only = process.argv[2];
const suites: Record<string, () => Promise<unknown>> = {
  accounts: benchAccounts,
  lookups: benchLookups,
  creator: benchCreator,
  documents: benchDocuments,
  web: benchWeb,
  admin: benchAdmin,
  startup: benchStartup,
  images: benchHostileImages,
  requests: benchRequests,
  seals: benchSeals,
  api: benchApi,
  templates: benchTemplates,
};

if (only && !(only in suites)) {
  console.error(`No benchmark "${only}". Choose one of: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  await run();
}
