import axios, {
  type AxiosAdapter,
  AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { pathOf, ResponseCache } from './response-cache.ts';
import { RequestThrottle, type ThrottleTicket } from './throttle.ts';

/** The methods that change what the server answers: each forgets the cached GETs of its path. */
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** How a GET flagged `cache` or `throttle` is answered, decided before the pending list runs. */
interface Plan {
  readonly cached?: AxiosResponse;
  readonly ticket?: ThrottleTicket<AxiosResponse>;
}

/** Only JSON and text GETs are cached or shared: downloads always go to the server. */
function isReusable(config: AxiosRequestConfig): boolean {
  const method = (config.method ?? 'get').toLowerCase();
  const type = config.responseType;
  return method === 'get' && (type === undefined || type === 'json' || type === 'text');
}

/**
 * A shared answer handed to one caller: its own response object and its own copy of the data
 * (axios parses the data in place, and a caller may change what it got), carrying the caller's
 * config (the pending list and the 401 retry key on it).
 */
function answerFor(response: AxiosResponse, config: InternalAxiosRequestConfig): AxiosResponse {
  return { ...response, data: structuredClone(response.data), config };
}

function failureFor(error: unknown, config: InternalAxiosRequestConfig): unknown {
  if (!axios.isAxiosError(error) || axios.isCancel(error)) return error;
  const response = error.response && answerFor(error.response, config);
  return new AxiosError(error.message, error.code, config, error.request, response);
}

/**
 * The HTTP cache and throttle of spec §7/§9, both opt-in per GET: `cache` answers from memory
 * for 5 minutes (100 answers at most, least recently used evicted), `throttle` shares the answer
 * of an identical GET made under 1 s ago. A write forgets the answers of its path.
 *
 * It sits under axios's interceptors, as the transport: a cached or shared answer still passes
 * the pending list, the 401 refresh and axios's own parsing like any other.
 */
export class HttpCache {
  readonly answers = new ResponseCache<AxiosResponse>();
  readonly throttle = new RequestThrottle<AxiosResponse>();
  private readonly plans = new WeakMap<object, Plan>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /**
   * Before the pending list: finds the cached answer, or takes a throttle ticket. The ticket is
   * taken first so that the pending list cancelling an older identical GET leaves the request
   * they share running for this one.
   */
  plan(config: InternalAxiosRequestConfig, url: string): void {
    if (!(config.cache || config.throttle) || !isReusable(config)) return;
    const cached = config.cache ? this.answers.get(url, this.now()) : undefined;
    if (cached) this.plans.set(config, { cached });
    else if (config.throttle) this.plans.set(config, { ticket: this.throttle.claim(url, this.now()) });
    else this.plans.set(config, {});
  }

  /** After the pending list: the caller leaves its shared request when its final signal aborts. */
  watch(config: InternalAxiosRequestConfig): void {
    this.plans.get(config)?.ticket?.watch(config.signal as AbortSignal | undefined);
  }

  /** The transport under the interceptors. */
  async send(
    config: InternalAxiosRequestConfig,
    url: string,
    transport: AxiosAdapter,
  ): Promise<AxiosResponse> {
    if (WRITES.has((config.method ?? 'get').toLowerCase())) return this.write(config, url, transport);
    const plan = this.plans.get(config);
    if (!plan) return transport(config);
    if (plan.cached) return answerFor(plan.cached, config);
    const generation = this.answers.generation;
    const response = plan.ticket ? await this.share(plan.ticket, config, transport) : await transport(config);
    if (config.cache && response.status >= 200 && response.status < 300) {
      this.answers.set(url, answerFor(response, config), this.now(), generation);
    }
    return answerFor(response, config);
  }

  private async share(
    ticket: ThrottleTicket<AxiosResponse>,
    config: InternalAxiosRequestConfig,
    transport: AxiosAdapter,
  ): Promise<AxiosResponse> {
    try {
      return await ticket.answer(
        (signal) => transport({ ...config, signal }),
        config.signal as AbortSignal | undefined,
      );
    } catch (error) {
      throw failureFor(error, config);
    }
  }

  /** A write forgets the cached and shared GETs of its path, before it and once it is done. */
  private async write(
    config: InternalAxiosRequestConfig,
    url: string,
    transport: AxiosAdapter,
  ): Promise<AxiosResponse> {
    const path = pathOf(url);
    const forget = () => {
      this.answers.invalidate(path);
      this.throttle.invalidate(path);
    };
    forget();
    try {
      return await transport(config);
    } finally {
      forget();
    }
  }
}
