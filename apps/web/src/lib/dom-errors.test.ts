import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDomErrorSuppression, isDomMutationError } from './dom-errors';

const INSERT =
  "Failed to execute 'insertBefore' on 'Node': The node before which the new node is to be inserted is not a child of this node.";
const REMOVE = "NotFoundError: Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.";

describe('installDomErrorSuppression', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('recognises the DOM mutation errors only', () => {
    expect(isDomMutationError(INSERT)).toBe(true);
    expect(isDomMutationError(new Error(REMOVE))).toBe(true);
    expect(isDomMutationError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDomMutationError(undefined)).toBe(false);
  });

  it('prevents default on matching error and rejection events, leaves others', () => {
    uninstall = installDomErrorSuppression();
    const matching = new ErrorEvent('error', { message: INSERT, error: new Error(INSERT), cancelable: true });
    window.dispatchEvent(matching);
    expect(matching.defaultPrevented).toBe(true);

    const other = new ErrorEvent('error', { message: 'boom', cancelable: true });
    window.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);

    const rejection = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error(REMOVE) });
    window.dispatchEvent(rejection);
    expect(rejection.defaultPrevented).toBe(true);
  });

  it('filters console.error and is idempotent', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    uninstall = installDomErrorSuppression();
    expect(installDomErrorSuppression()).toBe(uninstall);
    console.error(new Error(REMOVE));
    console.error('Uncaught', INSERT);
    expect(spy).not.toHaveBeenCalled();
    console.error('real problem');
    expect(spy).toHaveBeenCalledTimes(1);
    uninstall();
    uninstall = undefined;
    expect(console.error).toBe(spy);
    spy.mockRestore();
  });
});
