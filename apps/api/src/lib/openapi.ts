/**
 * The finished OpenAPI document. The server's address is where the document is served
 * from. OpenAPI 3.0 allows `nullable` only beside a `type`, and zod writes a nullable union
 * of several types as `{ anyOf, nullable }`: the null moves into the union's first branch.
 */
export function finishedDocument<D extends object>(doc: D): D {
  visit(doc);
  return { ...doc, servers: [{ url: '/', description: 'The server that serves this document' }] };
}

function visit(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { anyOf?: Array<{ nullable?: boolean }>; nullable?: boolean; type?: string };
  if (schema.nullable && !schema.type && schema.anyOf?.length) {
    schema.anyOf[0] = { ...schema.anyOf[0], nullable: true };
    delete schema.nullable;
  }
  for (const value of Object.values(node)) visit(value);
}
