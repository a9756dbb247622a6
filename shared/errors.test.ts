import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage, isErrorCode } from './errors';

describe('errorMessage', () => {
  it("is an Error's message", () => {
    expect(errorMessage(new TypeError('bad type'))).toBe('bad type');
  });

  it('is the message of a payload that crossed a transport', () => {
    expect(errorMessage({ code: 'not_found', message: 'no skill "x"' })).toBe('no skill "x"');
  });

  it('is any other value as text', () => {
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage({ message: 7 })).toBe('[object Object]');
  });
});

describe('error codes', () => {
  it('has the real codes for read-only and for a missing precondition', () => {
    expect(ERROR_CODES).toContain('read_only');
    expect(ERROR_CODES).toContain('precondition');
    expect(isErrorCode('read_only')).toBe(true);
    expect(isErrorCode('forbidden')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
