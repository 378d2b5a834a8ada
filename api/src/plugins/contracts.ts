import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The routes' zod schemas, from the contracts in `@wager/domain/contracts/<context>`, do both
 * jobs (docs/architecture.md, "One contract"): they validate what a request brings, and they
 * serialize what a route answers. An answer its `response` schema does not describe (a missing
 * field, a wrong type, and for the strict response objects of the contracts a field too many)
 * fails the request with a 500 instead of reaching the browser, so every integration spec and the
 * fuzz suite check the contract as they run.
 */
export function registerContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
