/**
 * The server's types, generated from its OpenAPI document: `openapi.json` is what `recruit openapi`
 * prints (what GET /api/openapi.json serves) and `schema.d.ts` is generated from it by
 * `npm run api:types`; .ci/api-types fails when either is stale. A feature names what it reads and
 * sends as aliases of these, never as copies, so a server change that breaks the web fails `tsc`.
 */
import type { components, operations } from './schema'

type Schemas = components['schemas']

/** A schema of the document by its name: `ApiSchema<'Job'>` is what the server sends as a Job. */
export type ApiSchema<Name extends keyof Schemas> = Schemas[Name]

type JsonOf<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never

/**
 * What an operation answers on success (its 200, 201 or 202 JSON body), by its operationId (docs/API.md; the id is the handler's
 * name unless its `#[utoipa::path]` sets `operation_id`): `ApiReply<'list_documents'>`.
 */
export type ApiReply<Id extends keyof operations> = JsonOf<
  operations[Id]['responses'][Extract<keyof operations[Id]['responses'], 200 | 201 | 202>]
>

/** The JSON body an operation takes, by its operationId: `ApiBody<'submit'>`. */
export type ApiBody<Id extends keyof operations> = JsonOf<NonNullable<operations[Id]['requestBody']>>

/**
 * A list of every value of one of the server's closed choices, checked by `tsc`: `everyOf<ApiSchema<'JobType'>>()([...])`
 * refuses a value the server does not have and names any it has that the list lacks, so a choice added on the server
 * fails the build until the web's list shows it.
 */
export const everyOf =
  <Choice extends string>() =>
  <const List extends readonly Choice[]>(
    list: List & ([Exclude<Choice, List[number]>] extends [never] ? unknown : { missing: Exclude<Choice, List[number]> }),
  ): List =>
    list
