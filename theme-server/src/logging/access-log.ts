import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export interface AccessLogOptions {
  log: Logger;
  requestIdOf: (req: IncomingMessage) => string;
}

/**
 * One JSON line per request, written when the response finishes (or the client goes away).
 *
 * Deliberately smaller than pino-http: no child logger and no serializers per request, just
 * the fields an operator greps for. Every request is logged, page and asset requests included;
 * 5xx answers and aborted requests at `error`/`warn`, the rest at `info`. This keeps the
 * edge's own cost per themed page inside the benchmark's budget (bench/README.md).
 */
export function accessLog({ log, requestIdOf }: AccessLogOptions) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const id = requestIdOf(req);
    res.setHeader('X-Request-Id', id);
    if (!log.isLevelEnabled('error')) return;
    // Express rewrites req.url inside mounted routers: keep the URL as it arrived.
    const { method, url } = req;
    const started = performance.now();
    // 'close' follows 'finish' on every response, and comes alone when the client went away.
    res.once('close', () => {
      const entry = {
        req: { id, method, url },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!res.writableFinished) log.warn(entry, 'request aborted');
      else if (res.statusCode >= 500) log.error(entry, 'request errored');
      else log.info(entry, 'request completed');
    });
  };
}
