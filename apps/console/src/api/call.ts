import type { Envelope } from '@organiser/domain';
import { type Query, request } from './client';
import { type OperationId, operations } from './generated/operations';
import type { operations as Operations } from './generated/schema';

// The typed client of the API's own operations, by operation id (`callApi('setting_list')`): the path, the
// parameters, the body and the answer's content come from the OpenAPI document (generated/, written by
// `npm run openapi`). Calls go through `request`, so the envelope and session rules of client.ts apply.
// Entity records are read and written through entity-api.ts, whose URLs come from the route table.

export type { OperationId };

type Operation<I extends OperationId> = Operations[I];
type ParametersOf<I extends OperationId> = Operation<I>['parameters'];

/** The path parameters of an operation (`{ id: number }`), `never` when it has none. */
export type PathParams<I extends OperationId> = Exclude<ParametersOf<I>['path'], undefined>;

/** The query of an operation; numbers and booleans are sent as text. */
export type QueryOf<I extends OperationId> = {
  [K in keyof Exclude<ParametersOf<I>['query'], undefined>]?:
    | Exclude<ParametersOf<I>['query'], undefined>[K]
    | number
    | boolean
    | null;
};

/** The JSON body of an operation, or its form fields; a FormData is sent as multipart. */
export type BodyOf<I extends OperationId> =
  Operation<I> extends { requestBody?: { content: infer C } }
    ? C extends { 'application/json': infer B }
      ? B
      : C extends { 'multipart/form-data': infer F }
        ? F
        : never
    : never;

/** The `content` of an operation's successful answer. */
export type ContentOf<I extends OperationId> = Operation<I>['responses'] extends {
  200: { content: { 'application/json': infer E } };
}
  ? E extends { content: infer C }
    ? C
    : unknown
  : unknown;

type PathInput<I extends OperationId> = [PathParams<I>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<I> };

export type CallInput<I extends OperationId> = PathInput<I> & {
  query?: QueryOf<I>;
  body?: BodyOf<I> | FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** An operation's path with its parameters filled in: `/login_security/unlock/{id}` → `/login_security/unlock/3`. */
export function operationPath(id: OperationId, params: Readonly<Record<string, unknown>> = {}): string {
  return operations[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${id}: no value for "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an operation of the API. Resolves with the whole envelope, like `request`; a refused call has been
 * shown to the user and rejects with an ApiError.
 */
export function callApi<I extends OperationId>(
  id: I,
  ...[input]: [PathParams<I>] extends [never] ? [CallInput<I>?] : [CallInput<I>]
): Promise<Envelope<ContentOf<I>>> {
  const { params, query, body, signal, timeoutMs } = (input ?? {}) as CallInput<I>;
  return request<ContentOf<I>>(operationPath(id, params as Record<string, unknown> | undefined), {
    method: operations[id].method,
    query: query as Query | undefined,
    body,
    signal,
    timeoutMs,
  });
}
