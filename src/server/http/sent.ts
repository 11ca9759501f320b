declare const sent: unique symbol
export type Sent = { readonly [sent]: true }

/**
 * What a handler returns when it sent its answer itself (a cached, pre-serialized body). Not
 * the reply: a Fastify reply is a thenable, and awaiting it waits for the response to finish.
 */
export const SENT = Object.freeze({ sent: true }) as unknown as Sent
