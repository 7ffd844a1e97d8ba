/**
 * Error answers: every failure is `{ error: { code, message } }` (see `ApiErrorBody` in the
 * contract) with a 4xx/5xx status. A route whose body schema is optional takes a request with no
 * body as `{}` ({@link registerErrorHandler}).
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import type { ApiErrorBody } from '../../contract/common.js'

/** An error that becomes an answer with its own status and code. */
export class HttpError extends Error {
  constructor(
    /** HTTP status, 4xx or 5xx. */
    readonly statusCode: number,
    /** Machine-readable code, snake_case, e.g. `'unknown_cloud'`. */
    readonly code: string,
    message: string,
    /** Headers the answer carries besides the body's, e.g. `WWW-Authenticate` of a 401. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** 400: a parameter is missing or malformed. */
export function badRequest(message: string, code = 'bad_request'): HttpError {
  return new HttpError(400, code, message)
}

/** 404: the thing asked for does not exist. */
export function notFound(message: string, code = 'not_found'): HttpError {
  return new HttpError(404, code, message)
}

/** The body of an error answer. */
export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } }
}

/** Sends an error answer without going through the error handler. */
export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(code, message))
}

/**
 * Installs the error handler: {@link HttpError}s answer as they say; schema validation failures
 * answer 400 `bad_request`; other client errors raised by Fastify keep their 4xx status; anything
 * else is logged and answers 500 `internal_error` without details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // A body schema marked optional (`Type.Optional`, e.g. a revoke or a dismiss that takes nothing)
  // lets a client send no body at all: it is validated as `{}` rather than refused as "must be object".
  app.addHook('preValidation', async (request) => {
    const body = request.routeOptions.schema?.body as { '~optional'?: boolean } | undefined
    if (request.body === undefined && body?.['~optional'] === true) request.body = {}
  })
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return sendError(reply.headers(error.headers), error.statusCode, error.code, error.message)
    if ('validation' in error && error.validation) return sendError(reply, 400, 'bad_request', error.message)
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return sendError(reply, status, error.code ? error.code.toLowerCase() : 'bad_request', error.message)
    }
    request.log.error({ err: error }, 'request failed')
    return sendError(reply, 500, 'internal_error', 'The server could not answer this request.')
  })
}
