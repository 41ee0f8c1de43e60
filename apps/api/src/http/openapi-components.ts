import { isDeepStrictEqual } from 'node:util';

// The OpenAPI document's shared parts. The route schemas spell the envelope, the list page and the list query
// on every route (they also check and serialise each answer); in the document each is written once, under
// `components`, and every operation refers to it. A part a route spells differently stays inline, so the
// document never says more than the route checks. Every tag used is described in the document's `tags`.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

const ENVELOPE_REQUIRED = ['success', 'code', 'message', 'content'];

/** The error body every route answers with on 4xx and 5xx. */
const errorEnvelope = {
  additionalProperties: false,
  properties: {
    code: { maximum: 9007199254740991, minimum: -9007199254740991, type: 'integer' },
    content: { nullable: true },
    message: { type: 'string' },
    success: { enum: [false], type: 'boolean' },
  },
  required: ENVELOPE_REQUIRED,
  type: 'object',
};

const integer = { maximum: 9007199254740991, minimum: -9007199254740991, type: 'integer' };

/** The paging fields of a list answer, beside its `list`. */
const listPageProperties = {
  page: integer,
  size: integer,
  total: integer,
  totalIsEstimate: { type: 'boolean' },
};

const stringOrList = { anyOf: [{ type: 'string' }, { items: { type: 'string' }, type: 'array' }] };

/** Parameters many routes take, by component name: what they are and how every route spells them. */
const SHARED_PARAMETERS: Record<string, { in: string; name: string; schema: Json; description: string }> = {
  Id: {
    in: 'path',
    name: 'id',
    schema: { exclusiveMinimum: true, maximum: 2147483647, minimum: 0, type: 'integer' },
    description: 'The id of the record',
  },
  Version: {
    in: 'path',
    name: 'version',
    schema: { exclusiveMinimum: true, maximum: 2147483647, minimum: 0, type: 'integer' },
    description: 'A version number from the record history',
  },
  Page: { in: 'query', name: 'page', schema: { type: 'string' }, description: 'Page number, from 1' },
  Size: { in: 'query', name: 'size', schema: { type: 'string' }, description: 'Rows per page' },
  Limit: {
    in: 'query',
    name: 'limit',
    schema: { type: 'string' },
    description: 'Rows per page (older name of size)',
  },
  Keyword: {
    in: 'query',
    name: 'keyword',
    schema: { type: 'string' },
    description: 'Searches the searchable fields',
  },
  Sort: { in: 'query', name: 'sort', schema: { type: 'string' }, description: 'The field to sort by' },
  Order: {
    in: 'query',
    name: 'order',
    schema: { enum: ['asc', 'desc'], type: 'string' },
    description: 'Sort direction',
  },
  Lang: {
    in: 'query',
    name: 'lang',
    schema: { enum: ['en', 'zh'], type: 'string' },
    description: 'The language of labels in the answer (else Accept-Language)',
  },
  Status: { in: 'query', name: 'status', schema: stringOrList, description: 'Status values to keep' },
  CreatedAtFrom: {
    in: 'query',
    name: 'createdAtFrom',
    schema: { type: 'string' },
    description: 'Created on or after',
  },
  CreatedAtTo: {
    in: 'query',
    name: 'createdAtTo',
    schema: { type: 'string' },
    description: 'Created on or before',
  },
  UpdatedAtFrom: {
    in: 'query',
    name: 'updatedAtFrom',
    schema: { type: 'string' },
    description: 'Updated on or after',
  },
  UpdatedAtTo: {
    in: 'query',
    name: 'updatedAtTo',
    schema: { type: 'string' },
    description: 'Updated on or before',
  },
  ExportFormat: {
    in: 'query',
    name: 'format',
    schema: { enum: ['xlsx', 'csv'], type: 'string' },
    description: 'The file format of an export',
  },
  ExportPurpose: {
    in: 'query',
    name: 'purpose',
    schema: { enum: ['view', 'import', 'template'], type: 'string' },
    description: 'What the export is for: reading, editing and importing back, or an empty import template',
  },
  ExportColumns: {
    in: 'query',
    name: 'columns',
    schema: { type: 'string' },
    description: 'Comma-separated columns to export',
  },
  OptionsIds: {
    in: 'query',
    name: 'ids',
    schema: { pattern: '^\\d+(,\\d+)*$', type: 'string' },
    description: 'Comma-separated ids whose labels are wanted (the current value of a select)',
  },
  OptionsKeyword: {
    in: 'query',
    name: 'keyword',
    schema: { maxLength: 100, type: 'string' },
    description: 'Searches the searchable fields',
  },
  OptionsSize: {
    in: 'query',
    name: 'size',
    schema: { default: 20, maximum: 50, minimum: 1, type: 'integer' },
    description: 'At most this many options',
  },
  ImportDryRun: {
    in: 'query',
    name: 'dryRun',
    schema: { default: 'true', enum: ['true', 'false'], type: 'string' },
    description: 'true checks the file and reports each row; false writes the rows',
  },
};

function sharedParameter(parameter: unknown): unknown {
  if (!isObject(parameter)) return parameter;
  const { description: _description, ...shape } = parameter;
  for (const [name, shared] of Object.entries(SHARED_PARAMETERS)) {
    const expected = {
      in: shared.in,
      name: shared.name,
      required: shared.in === 'path',
      schema: shared.schema,
    };
    if (isDeepStrictEqual(shape, expected)) return ref('parameters', name);
  }
  // A list filter on a field takes one value or several (the parameter repeated).
  if (isDeepStrictEqual(parameter.schema, stringOrList))
    return { ...parameter, schema: ref('schemas', 'Values') };
  return parameter;
}

/** `{success: true, code: 20000, message, content: X}` → the shared Success envelope with X as content. */
function sharedSuccess(schema: unknown): unknown {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const { content, ...rest } = schema.properties;
  const expected = {
    code: { enum: [20000], type: 'number' },
    message: { type: 'string' },
    success: { enum: [true], type: 'boolean' },
  };
  if (
    content === undefined ||
    !isDeepStrictEqual(rest, expected) ||
    !isDeepStrictEqual(schema.required, ENVELOPE_REQUIRED) ||
    schema.additionalProperties !== false
  )
    return schema;
  return {
    allOf: [
      ref('schemas', 'Success'),
      { properties: { content: sharedListPage(content) }, required: ['content'], type: 'object' },
    ],
  };
}

/** `{list: X[], total, page, size, totalIsEstimate}` → the shared ListPage with X as the list's rows. */
function sharedListPage(schema: unknown): unknown {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const { list, ...rest } = schema.properties;
  if (!isObject(list) || list.type !== 'array') return schema;
  const { totalIsEstimate, ...paging } = rest;
  const { totalIsEstimate: expectedEstimate, ...expectedPaging } = listPageProperties;
  if (
    !isDeepStrictEqual(paging, expectedPaging) ||
    !isObject(totalIsEstimate) ||
    totalIsEstimate.type !== expectedEstimate.type
  )
    return schema;
  return {
    allOf: [ref('schemas', 'ListPage'), { properties: { list }, required: ['list'], type: 'object' }],
  };
}

function sharedResponse(response: unknown, status: string): unknown {
  if (!isObject(response) || !isObject(response.content)) return response;
  const media = response.content['application/json'];
  if (!isObject(media)) return response;
  if (status === '4XX' || status === '5XX') {
    if (isDeepStrictEqual(media.schema, errorEnvelope) && response.description === 'Default Response')
      return ref('responses', 'Error');
    return response;
  }
  if (!status.startsWith('2')) return response;
  return {
    ...response,
    description: response.description === 'Default Response' ? 'Success' : response.description,
    content: { ...response.content, 'application/json': { ...media, schema: sharedSuccess(media.schema) } },
  };
}

function shareOperation(operation: Json): Json {
  const out: Json = { ...operation };
  if (Array.isArray(operation.parameters)) out.parameters = operation.parameters.map(sharedParameter);
  if (isObject(operation.responses))
    out.responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [
        status,
        sharedResponse(response, status),
      ]),
    );
  return out;
}

const sharedComponents = {
  schemas: {
    Success: {
      description: 'A call that succeeded: `content` is its answer',
      properties: {
        code: { enum: [20000], type: 'number' },
        message: { type: 'string' },
        success: { enum: [true], type: 'boolean' },
      },
      required: ['success', 'code', 'message'],
      type: 'object',
    },
    Error: {
      ...errorEnvelope,
      description: 'A refused call: `code` says why, `message` in the caller language',
    },
    Values: { ...stringOrList, description: 'One value, or several (the parameter repeated)' },
    ListPage: {
      description: 'One page of a list; `list` holds its rows',
      properties: {
        ...listPageProperties,
        totalIsEstimate: {
          description: "true when the table is big and the total is the planner's estimate",
          type: 'boolean',
        },
      },
      required: ['total', 'page', 'size', 'totalIsEstimate'],
      type: 'object',
    },
  },
  responses: {
    Error: {
      description: 'Refused (the envelope with `success` false)',
      content: { 'application/json': { schema: ref('schemas', 'Error') } },
    },
  },
  parameters: Object.fromEntries(
    Object.entries(SHARED_PARAMETERS).map(([name, p]) => [
      name,
      { in: p.in, name: p.name, required: p.in === 'path', schema: p.schema, description: p.description },
    ]),
  ),
};

/**
 * The document with its shared parts under `components`, and `tags` describing every tag an operation uses
 * (`describeTag` gives the text; a tag it does not know is left out, which the document's lint reports).
 */
export function withSharedComponents(document: Json, describeTag: (tag: string) => string | undefined): Json {
  const paths: Json = {};
  const used = new Set<string>();
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    const methods: Json = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) {
        methods[method] = operation;
        continue;
      }
      for (const tag of Array.isArray(operation.tags) ? operation.tags : []) used.add(String(tag));
      methods[method] = shareOperation(operation);
    }
    paths[path] = methods;
  }
  const components = isObject(document.components) ? document.components : {};
  const tags = [...used]
    .sort()
    .map((name) => ({ name, description: describeTag(name) }))
    .filter((tag) => tag.description);
  return {
    ...document,
    tags,
    paths,
    components: {
      ...components,
      schemas: { ...(isObject(components.schemas) ? components.schemas : {}), ...sharedComponents.schemas },
      parameters: sharedComponents.parameters,
      responses: sharedComponents.responses,
    },
  };
}
