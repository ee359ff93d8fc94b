// The portrait cropper's drag: the picture follows a held pointer, and a drag that ended unseen (the dialog closed in
// the middle of it, a touch the browser cancelled) does not go on moving the picture when the pointer next passes over
// it without a button held.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvatarCropper } from './avatar-cropper';

const capture = HTMLElement.prototype.setPointerCapture;
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(Object.create(URL), URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => {} }));
  // jsdom has no pointer capture.
  HTMLElement.prototype.setPointerCapture = () => {};
});
afterEach(() => {
  HTMLElement.prototype.setPointerCapture = capture;
  vi.unstubAllGlobals();
});

/** Opens the cropper on a 600×900 picture, as loaded. */
function openCropper() {
  render(
    <AvatarCropper
      file={new File(['x'], 'p.png', { type: 'image/png' })}
      onCancel={() => {}}
      onCropped={() => {}}
      onUnreadable={() => {}}
    />,
  );
  const img = screen.getByAltText<HTMLImageElement>('The picture being framed');
  Object.defineProperty(img, 'naturalWidth', { value: 600 });
  Object.defineProperty(img, 'naturalHeight', { value: 900 });
  fireEvent.load(img);
  const frame = screen.getByRole('application', { name: /Portrait crop area/ });
  return { img, frame };
}

const at = (img: HTMLImageElement) => [img.style.left, img.style.top];

describe('the portrait cropper', () => {
  it('moves the picture while the pointer is held, and not after', () => {
    const { img, frame } = openCropper();
    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    const start = at(img);
    fireEvent.pointerDown(frame, { pointerId: 1, clientX: 100, clientY: 100, buttons: 1 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 90, clientY: 80, buttons: 1 });
    const moved = at(img);
    expect(moved).not.toEqual(start);
    fireEvent.pointerUp(frame, { pointerId: 1, clientX: 90, clientY: 80 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 40, clientY: 40, buttons: 0 });
    expect(at(img)).toEqual(moved);
  });

  it('a drag whose end it never heard stops at the next move with no button held', () => {
    const { img, frame } = openCropper();
    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    fireEvent.pointerDown(frame, { pointerId: 1, clientX: 100, clientY: 100, buttons: 1 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 95, clientY: 95, buttons: 1 });
    const held = at(img);
    // No pointerup reached the frame; later the pointer passes over it with no button held.
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 20, clientY: 20, buttons: 0 });
    expect(at(img)).toEqual(held);
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 10, clientY: 10, buttons: 1 });
    expect(at(img)).toEqual(held);
  });
});
