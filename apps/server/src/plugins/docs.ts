// OpenAPI document and UI at /api/docs, generated from the shared zod schemas.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

export async function registerDocs(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Reverie API', version: config.version, description: 'The API behind the Reverie web app.' },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
