// api-types: the webapp's TypeScript types of the API (src/api/schema.d.ts), generated with
// openapi-typescript from the OpenAPI document that the Go route table writes (src/api/openapi.json,
// `pricelens contract`). `npm run gen:api` writes the file (`make api-types` runs both steps);
// `npm run check:api` (first step of `npm test`) generates it in memory and fails when the committed
// file differs, so types older than the document never reach a build.
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

const input = new URL('../src/api/openapi.json', import.meta.url);
const output = new URL('../src/api/schema.d.ts', import.meta.url);
const header = '// Generated from src/api/openapi.json by openapi-typescript (`make api-types`); do not edit.\n\n';

const generated = header + astToString(await openapiTS(input, { silent: true }));

if (process.argv.includes('--check')) {
  const committed = await readFile(output, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error('src/api/schema.d.ts is not generated from src/api/openapi.json: run `make api-types` and commit the result.');
    process.exit(1);
  }
} else {
  await writeFile(output, generated);
}
