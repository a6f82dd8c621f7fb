import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSchemaBlocks } from './protocol-doc';

const doc = readFileSync(join(import.meta.dirname, '../../../../docs/device-protocol.md'), 'utf8');

describe('docs/device-protocol.md', () => {
  it('holds the JSON Schema of every message as the portal validates it (npm run docs:protocol writes them)', () => {
    expect(doc.match(/<!-- schema:\w+ -->/g)).toHaveLength(6);
    expect(withSchemaBlocks(doc)).toBe(doc);
  });
});
