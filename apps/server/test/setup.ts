import { afterAll, afterEach, expect } from 'vitest';
import { setPasswordHashCost } from '../src/lib/crypto';
import { runFileEnd } from './cleanup';
import { unwrittenMessages } from './helpers';

// Every API test file: password hashes at the tests' light cost (see setPasswordHashCost). The
// tests of the production parameters set them back themselves.
setPasswordHashCost('light');

// Every answer's messages are written in the request's language (plugins/errors.ts): a message
// said by key that reaches an answer as it is fails the test that asked for it.
afterEach(() => {
  expect(unwrittenMessages.splice(0), 'answers with a message not written out').toEqual([]);
});

// What the helpers started (apps, databases, folders) is stopped once the file is done.
afterAll(runFileEnd, 120_000);
