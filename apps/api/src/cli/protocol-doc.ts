// npm run docs:protocol — writes the JSON Schemas of the device messages into
// docs/device-protocol.md, between its <!-- schema:NAME --> and <!-- /schema --> marks, from
// the contract's zod schemas (gateway/protocol-doc.test.ts fails when the page has drifted).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withSchemaBlocks } from '../gateway/protocol-doc';

const path = join(import.meta.dirname, '../../../../docs/device-protocol.md');
writeFileSync(path, withSchemaBlocks(readFileSync(path, 'utf8')));
console.log(`written: ${path}`);
