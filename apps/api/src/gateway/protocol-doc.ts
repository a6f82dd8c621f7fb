import { deviceMessageSchemas } from '@portal/contract';

type MessageName = keyof ReturnType<typeof deviceMessageSchemas>;

const BLOCK = /(<!-- schema:(\w+) -->\n)[\s\S]*?(<!-- \/schema -->)/g;

/** The document with each `<!-- schema:NAME -->` block holding the message's JSON Schema as the contract has it. */
export function withSchemaBlocks(markdown: string): string {
  const schemas = deviceMessageSchemas();
  return markdown.replace(BLOCK, (_, open: string, name: string, close: string) => {
    const schema = schemas[name as MessageName];
    if (!schema) throw new Error(`docs/device-protocol.md names an unknown message: ${name}`);
    return `${open}\`\`\`json\n${JSON.stringify(schema, null, 2)}\n\`\`\`\n${close}`;
  });
}
