/**
 * Small helpers shared by the client tests (not a test file itself).
 */
import { expect } from 'vitest';
// The client modules directly: the client suite does not depend on the widget and embed code.
import type { ClientOptions } from '../../src/client/options';
import { ServiceClient } from '../../src/client/service-client';
import { ServiceError } from '../../src/errors';
import { API_KEY } from '../helpers/sandbox';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A client for `baseUrl` with the valid key; retries are off unless a test asks for them. */
export const clientFor = (baseUrl: string, options: Partial<ClientOptions> = {}): ServiceClient =>
  new ServiceClient({ apiKey: API_KEY, baseUrl, retries: 0, ...options });

/** The rejection of `promise`; fails the test when it resolves instead. */
export const rejection = async (promise: Promise<unknown>): Promise<Error & { statusCode?: number }> => {
  try {
    await promise;
  } catch (error) {
    return error as Error & { statusCode?: number };
  }
  throw new Error('expected the call to fail, but it resolved');
};

/** The parts of a client failure's message, `GET <url>: <what happened>`; fails the test for any other form. */
export const messageParts = (message: string): { url: string; what: string } => {
  const [, url = '', what = ''] = /^GET (https?:\/\/\S+): ([^]+)$/.exec(message) ?? [];
  expect(url, `"${message}" reads GET <url>: <what happened>`).not.toBe('');
  return { url, what };
};

/**
 * Asserts a `ServiceError` with this status, whose message reads `GET <url>: <what happened>`;
 * `message`, when given, is what happened (exactly, for a string).
 */
export const expectServiceError = (error: unknown, statusCode: number, message?: string | RegExp): void => {
  expect(error).toBeInstanceOf(ServiceError);
  const e = error as ServiceError;
  expect(e.name).toBe('ServiceError');
  expect(e.statusCode).toBe(statusCode);
  const { what } = messageParts(e.message);
  if (typeof message == 'string') expect(what).toBe(message);
  else if (message) expect(what).toMatch(message);
};

/** Asserts an abort rejection: `name` AbortError and not a ServiceError. */
export const expectAbortError = (error: unknown): void => {
  expect((error as Error).name).toBe('AbortError');
  expect(error).not.toBeInstanceOf(ServiceError);
};
