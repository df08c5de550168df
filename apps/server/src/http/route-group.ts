import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@roundkeeper/protocol';

/** A route as fastify-type-provider-zod types it: its handler gets the schema's parsed params, query and body. */
export type ZodRoute<S extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** What every route of a group shares: the token that opens it, and the refusals that token's check gives. */
export interface RouteGroup {
  readonly security: NonNullable<FastifySchema['security']>;
  readonly refusals: readonly ErrorCode[];
}

/**
 * Registers the routes of a group (the GM's, the library's): each states what is its own (method, url,
 * summary, schemas, its own refusals) and gets the group's security and refusals here, so no route of
 * the group can forget its guard (gm-auth and library-auth enforce what `security` says).
 */
export function routeGroup(app: FastifyInstance, group: RouteGroup): <S extends FastifySchema>(route: ZodRoute<S>) => void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  return <S extends FastifySchema>(route: ZodRoute<S>) => {
    const refusals = [...new Set([...group.refusals, ...(route.schema?.refusals ?? [])])];
    // The route's own schema with the group's guard added: still an S, whose parsed parts the handler gets.
    const schema: S = Object.assign({}, route.schema, { security: group.security, refusals });
    api.route({ ...route, schema });
  };
}
