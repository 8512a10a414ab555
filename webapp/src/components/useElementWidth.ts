import { useCallback, useRef, useState } from 'react';

/**
 * useElementWidth measures an element's content width and follows it as the layout changes
 * (a ResizeObserver): the charts draw at the width of the card they are in, not at a fixed
 * number of pixels that leaves a third of a wide card empty or overflows a narrow one. Null
 * until the element is laid out. Attach the returned ref to the element.
 */
export function useElementWidth<T extends HTMLElement>(): [(el: T | null) => void, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    // Whole pixels: a fraction that changes with every layout pass would draw the chart again for nothing.
    const measure = (w: number) => setWidth((old) => (old === Math.floor(w) ? old : Math.floor(w)));
    observer.current = new ResizeObserver((entries) => measure(entries[0].contentRect.width));
    observer.current.observe(el);
    measure(el.clientWidth);
  }, []);
  return [ref, width];
}
