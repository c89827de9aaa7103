import { z } from 'zod';
import type { RouteSpec } from './route.ts';

const errorItem = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, source: { type: 'string' } },
};

const envelope = (data: unknown) => ({
  type: 'object',
  required: ['success', 'errors'],
  properties: {
    success: { type: 'boolean' },
    data,
    meta: { type: 'object', additionalProperties: true },
    errors: { type: 'array', items: errorItem },
  },
});

const COMMON: Record<number, string> = {
  401: 'UNAUTHORIZED: not signed in, or the session ended',
  403: 'Forbidden, or a failed CSRF check; the same body for "not yours" and "does not exist"',
  422: 'Validation failed: one error item per field, `source` is the field path',
  500: 'Internal error (no details are ever shown)',
};

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

/** JSON, or for an upload route `multipart/form-data`: its text fields plus binary file fields. */
function requestBodyOf(route: RouteSpec) {
  const fields = route.body ? schemaOf(route.body, 'input') : { type: 'object', properties: {} };
  if (!route.multipart) return { required: true, content: { 'application/json': { schema: fields } } };
  const { properties = {}, required = [] } = fields as { properties?: object; required?: string[] };
  const files = Object.entries(route.multipart.files);
  const schema = {
    ...fields,
    properties: {
      ...properties,
      ...Object.fromEntries(files.map(([name]) => [name, { type: 'string', format: 'binary' }])),
    },
    required: [...required, ...files.filter(([, file]) => file.required).map(([name]) => name)],
    description:
      'Fields serialised as in spec §7: indexed arrays (`tags[0]`, `data[0][name]`), `tags[]` with an empty value for an empty array.',
  };
  return { required: true, content: { 'multipart/form-data': { schema } } };
}

/** OpenAPI 3.1, generated from the zod schemas every route declares (served at /api/openapi.json). */
export function openApiDocument(routes: readonly RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue;
      const json = schemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (json.required ?? []).includes(name),
          schema: property,
        });
      }
    }
    const statuses: Record<string, unknown> = {
      200: {
        description: 'Success',
        content: route.produces
          ? { [route.produces]: { schema: { type: 'string', format: 'binary' } } }
          : {
              'application/json': {
                schema: envelope(route.response ? schemaOf(route.response, 'output') : {}),
              },
            },
      },
    };
    const extra = { ...(route.access && 'public' in route.access ? {} : COMMON), ...route.statuses };
    for (const [status, description] of Object.entries(extra)) {
      statuses[status] = { description, content: { 'application/json': { schema: envelope({}) } } };
    }
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}${route.path.replace(/[/:{}-](\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      'x-fleetport-access': route.access,
      ...(route.incompleteAccount ? { 'x-fleetport-incomplete-account': true } : {}),
      security: 'public' in route.access ? [] : [{ session: [] }],
      parameters,
      ...(route.body || route.multipart ? { requestBody: requestBodyOf(route) } : {}),
      responses: statuses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleetport management API',
      version: '1',
      description:
        'Every answer is the envelope {success, data, meta, errors[]}. Writes need X-Requested-With: XMLHttpRequest, a same-origin Origin and, when signed in, the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fp_access' } },
    },
    paths,
  };
}
