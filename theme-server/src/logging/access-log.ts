import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Logger, symbols } from 'pino';

export interface AccessLogOptions {
  log: Logger;
}

interface PinoInternals {
  [symbols.streamSym]?: { write(line: string): unknown };
  [symbols.chindingsSym]?: string;
}

/**
 * One JSON line per request, written when the response finishes (or the client goes away).
 *
 * Deliberately smaller than pino-http: no child logger and no serializers per request, just
 * the fields an operator greps for. Every request is logged, page and asset requests included;
 * 5xx answers and aborted requests at `error`/`warn`, the rest at `info`.
 *
 * The `info` line, written for nearly every request, is put together here from a template and
 * handed straight to the logger's destination: the same JSON pino writes for
 * `log.info(entry, 'request completed')` (level, time, the logger's bindings, then the entry),
 * at a fraction of the cost. It is what keeps the edge's work per themed page inside the
 * benchmark's budget (bench/README.md, part 1). Warnings and errors go through pino itself.
 */
export function accessLog({ log }: AccessLogOptions) {
  const internals = log as unknown as PinoInternals;
  const stream = internals[symbols.streamSym];
  const bindings = internals[symbols.chindingsSym] ?? '';
  const infoLevel = log.levels.values.info ?? 30;
  const writeInfo = (
    id: string,
    method: string | undefined,
    url: string | undefined,
    statusCode: number,
    ms: number,
  ): void => {
    if (!stream || !log.isLevelEnabled('info')) return;
    stream.write(
      `{"level":${infoLevel},"time":${Date.now()}${bindings},"req":{"id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}},"res":{"statusCode":${statusCode}},"responseTime":${ms},"msg":"request completed"}\n`,
    );
  };

  /** Call once per request, with the request id its response carries in X-Request-Id. */
  return (req: IncomingMessage, res: ServerResponse, id: string): void => {
    if (!log.isLevelEnabled('error')) return;
    // Express rewrites req.url inside mounted routers: keep the URL as it arrived.
    const { method, url } = req;
    const started = performance.now();
    // 'close' follows 'finish' on every response, and comes alone when the client went away.
    res.once('close', () => {
      const responseTime = Math.round(performance.now() - started);
      const { statusCode } = res;
      if (res.writableFinished && statusCode < 500) {
        writeInfo(id, method, url, statusCode, responseTime);
        return;
      }
      const entry = { req: { id, method, url }, res: { statusCode }, responseTime };
      if (!res.writableFinished) log.warn(entry, 'request aborted');
      else log.error(entry, 'request errored');
    });
  };
}
