// @fastify/rate-limit's own stores, used by server/plugins/rate-limit-store.ts (the package types only
// its plugin). Their constructors are typed there, at the one place that calls them.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: unknown;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: unknown;
  export default RedisStore;
}
