import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** A failed answer of the API as axios rejects it (tests). */
export function answerError(status: number, data: unknown, statusText = ''): AxiosError {
  const config: InternalAxiosRequestConfig = { headers: new AxiosHeaders(), url: '/tags', method: 'post' };
  const response: AxiosResponse = { data, status, statusText, headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    AxiosError.ERR_BAD_REQUEST,
    config,
    {},
    response,
  );
}
