import { useEffect, useRef, type RefObject } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { CheckCircle2, AlertTriangle, Info, X } from 'lucide-react';
import { useToast, TOAST_DURATION, TOAST_SWIPE_THRESHOLD } from '@/lib/toast';
import { cn } from '@/lib/utils';

const variantStyles = {
  default: { className: 'border-border-strong', Icon: Info, iconClass: 'text-accent' },
  success: { className: 'border-success/40', Icon: CheckCircle2, iconClass: 'text-success' },
  destructive: { className: 'border-danger/50 bg-[#1f1016]', Icon: AlertTriangle, iconClass: 'text-danger' },
} as const;

/** Calls `update` whenever `el` changes size or the window does; answers the way to stop. */
function onLayout(el: Element, update: () => void): () => void {
  const observer = new ResizeObserver(update);
  observer.observe(el);
  window.addEventListener('resize', update);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', update);
  };
}

/**
 * Publishes the room the visible toasts take at the top or bottom of the window as `--toast-top` and
 * `--toast-bottom` (see `dialog-fit` in styles.css): open dialogs move out of the way instead of being covered.
 */
function useToastLane(viewport: RefObject<HTMLOListElement | null>, visible: boolean) {
  useEffect(() => {
    const root = document.documentElement.style;
    const el = viewport.current;
    const update = () => {
      const rect = el?.getBoundingClientRect();
      const shown = visible && rect !== undefined && rect.height > 0;
      const atTop = shown && rect.top + rect.height / 2 < window.innerHeight / 2;
      root.setProperty('--toast-top', shown && atTop ? `${Math.ceil(rect.bottom)}px` : '0px');
      root.setProperty('--toast-bottom', shown && !atTop ? `${Math.ceil(window.innerHeight - rect.top)}px` : '0px');
    };
    update();
    if (!el || !visible) return;
    const stop = onLayout(el, update);
    return () => {
      stop();
      root.setProperty('--toast-top', '0px');
      root.setProperty('--toast-bottom', '0px');
    };
  }, [viewport, visible]);
}

/**
 * Toasts open below this element while it is on the page, from 640 px (a chat's own header bar under the app's
 * header, whose controls they would otherwise cover). Published as `--toasts-below`, the element's bottom edge.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const update = () => root.setProperty('--toasts-below', `${Math.ceil(el.getBoundingClientRect().bottom)}px`);
    update();
    const stop = onLayout(el, update);
    return () => {
      stop();
      root.removeProperty('--toasts-below');
    };
  }, [ref]);
}

export function Toaster() {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  useToastLane(
    viewport,
    toasts.some((t) => t.open),
  );
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} duration={TOAST_DURATION}>
      {toasts.map((t) => {
        const style = variantStyles[t.variant ?? 'default'];
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            onOpenChange={t.onOpenChange}
            duration={t.duration ?? TOAST_DURATION}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border bg-surface-raised p-4 pr-10 shadow-2xl shadow-black/60',
              'data-[state=open]:animate-slide-in data-[state=closed]:animate-fade-out',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-fade-out',
              style.className,
            )}
          >
            <style.Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} />
            <div className="grid gap-1">
              {t.title ? <ToastPrimitive.Title className="text-sm font-semibold text-fg">{t.title}</ToastPrimitive.Title> : null}
              {t.description ? (
                <ToastPrimitive.Description className="text-sm text-fg-muted">{t.description}</ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss notification"
              className="absolute top-0.5 right-0.5 inline-flex size-11 items-center justify-center rounded-lg text-fg-subtle hover:bg-surface-hover hover:text-fg sm:top-3 sm:right-3 sm:size-auto sm:p-1"
            >
              <X className="size-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* Under the header (its height changes with the width) and a page's own header bar (useToastsBelow), never over
          their controls; above the bottom bar on phones. */}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="toast-viewport fixed right-0 bottom-[calc(var(--bottom-nav-h)+env(safe-area-inset-bottom))] z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:top-[max(var(--header-h),var(--toasts-below,0px))] sm:bottom-auto"
      />
    </ToastPrimitive.Provider>
  );
}
