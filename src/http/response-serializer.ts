/**
 * The serializer compiler every route's response schema gets (app.ts: zod encode, then JSON.stringify), for code that
 * serializes a response itself and must produce the same bytes (./product-memo.ts).
 */
export { serializerCompiler as responseSerializerCompiler } from 'fastify-type-provider-zod';
