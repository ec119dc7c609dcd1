// The Floor view's canvas (docs/screens.md (Plant)): redrawn from the live store at most once per animation frame, and
// only when a batch, the view or the size changed; dragged to pan and pinched (or the buttons) to zoom, by mouse or
// fingers (pointer events, touch-action none); hovering names the probe, a click or tap opens its Probe Details.
import { ActionIcon, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { probeStore } from '../../../live/stores/probe-store';
import { Icon } from '../../../components/ui/icon';
import { FloorPainter, type FloorBackground } from './floor-drawing';
import { clampView, identityView, zoomAt, type View } from './floor-fit';
import classes from './plant.module.css';

export interface FloorCanvasProps {
  background: FloorBackground;
  onOpen: (probeID: string) => void;
  /** Told after each frame that changes it: the probes reporting no position. */
  onNoPosition: (count: number) => void;
  /** Shown beside the zoom buttons, below the floor (the legend). */
  children?: ReactNode;
}

/** A press that moves less than this (px) is a click or tap, not a drag. */
const dragThresholdPx = 5;

interface Tip {
  probeID: string;
  x: number;
  y: number;
}

export function FloorCanvas({ background, onOpen, onNoPosition, children }: FloorCanvasProps) {
  const image = background.image;
  const aspect = image && image.naturalWidth > 0 && image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : null;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const backRef = useRef<HTMLCanvasElement>(null);
  const view = useRef<View>(identityView);
  const size = useRef({ width: 0, height: 0, pixelRatio: 1 });
  const [painter] = useState(() => new FloorPainter());
  const requestDraw = useRef<() => void>(() => {});
  const [tip, setTip] = useState<Tip | null>(null);
  const [gridStep, setGridStep] = useState<number | null>(null);
  const latest = useRef({ background, onNoPosition });
  latest.current = { background, onNoPosition };

  useEffect(() => {
    const canvas = canvasRef.current!;
    const backCanvas = backRef.current!;
    const context = canvas.getContext('2d');
    const back = backCanvas.getContext('2d');
    let frame: number | null = null;
    const draw = () => {
      frame = null;
      if (!context || !back || size.current.width === 0) return;
      const result = painter.paint(context, back, probeStore, latest.current.background, size.current, view.current);
      latest.current.onNoPosition(result.noPosition);
      setGridStep(result.gridStepMetres);
    };
    // At most one draw per animation frame, however many batches and gestures came in between.
    requestDraw.current = () => {
      frame ??= requestAnimationFrame(draw);
    };
    const resize = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      const pixelRatio = window.devicePixelRatio || 1;
      size.current = { width, height, pixelRatio };
      for (const layer of [canvas, backCanvas]) {
        layer.width = Math.round(width * pixelRatio);
        layer.height = Math.round(height * pixelRatio);
      }
      view.current = clampView(view.current, width, height);
      requestDraw.current();
    });
    resize.observe(canvas);
    const offBatch = probeStore.subscribeBatch(() => requestDraw.current());
    // A watchdog that runs out between reports turns its dot hollow within a second.
    const ticker = setInterval(() => requestDraw.current(), 1000);
    return () => {
      resize.disconnect();
      offBatch();
      clearInterval(ticker);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [painter]);

  useEffect(() => {
    // A new plan (or none): the picture is fitted anew.
    painter.refit();
    requestDraw.current();
  }, [painter, background]);

  const setView = (next: View) => {
    view.current = clampView(next, size.current.width, size.current.height);
    requestDraw.current();
    setTip(null);
  };
  const zoomBy = (factor: number) => setView(zoomAt(view.current, factor, size.current.width / 2, size.current.height / 2));
  const gestures = usePanZoom(canvasRef, view, setView, (x, y, isTap) => {
    const probeID = painter.hit(x, y, isTap === 'touch' ? 10 : 4);
    if (isTap) {
      if (probeID) onOpen(probeID);
      return;
    }
    setTip((current) => (probeID === current?.probeID ? current : probeID ? { probeID, x, y } : null));
  });

  return (
    <>
      {/* With a plan, the box takes the plan's shape (within the screen's height): a wide hall on a phone is not a strip
          in a tall empty box. */}
      <div
        className={classes.floor}
        style={
          aspect
            ? { aspectRatio: String(aspect), width: '100%', height: 'auto', minHeight: 200, maxHeight: 'calc(100dvh - 200px)' }
            : undefined
        }
      >
        {/* Behind the dots: the plan or the grid, redrawn only when the view, the size or the plan changes. */}
        <canvas ref={backRef} className={classes.floorBack} aria-hidden="true" />
        <canvas
          ref={canvasRef}
          className={classes.floorCanvas}
          role="img"
          aria-label="Floor: each probe at its position, coloured by its state. The List shows the same probes as a table."
          {...gestures}
          onPointerLeave={() => setTip(null)}
        />
        {tip && (
          <div role="tooltip" className={classes.floorTip} style={{ left: tip.x, top: tip.y }}>
            {tip.probeID}
          </div>
        )}
        {gridStep !== null && !background.image && (
          <Text size="xs" c="gray.7" className={classes.floorScale}>
            No floor plan: grid of {gridStep} m squares
          </Text>
        )}
      </div>
      {/* Below the floor, not over it: on a phone the buttons covered a good part of a wide plan. */}
      <Group gap="md" justify="space-between" wrap="wrap">
        {children}
        <Group gap={4}>
          <ActionIcon variant="default" aria-label="Zoom in" onClick={() => zoomBy(1.5)}>
            <Icon name="add" size={18} />
          </ActionIcon>
          <ActionIcon variant="default" aria-label="Zoom out" onClick={() => zoomBy(1 / 1.5)}>
            <Text fw={700} lh={1} aria-hidden="true">
              −
            </Text>
          </ActionIcon>
          <ActionIcon variant="default" aria-label="Reset the view" onClick={() => setView(identityView)}>
            <Icon name="refresh" size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </>
  );
}

type Tap = false | 'mouse' | 'touch';

/**
 * Pointer gestures: one pointer dragged pans, two pinch-zoom about their midpoint; a press that barely moved is a tap.
 * `onPoint` gets hovers (tap false) and taps, in canvas pixels.
 */
function usePanZoom(
  canvasRef: React.RefObject<HTMLCanvasElement | null>,
  view: React.RefObject<View>,
  setView: (view: View) => void,
  onPoint: (x: number, y: number, tap: Tap) => void,
) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(false);
  const start = useRef<{ x: number; y: number } | null>(null);
  const local = (event: React.PointerEvent) => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  return {
    onPointerDown: (event: React.PointerEvent<HTMLCanvasElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      const point = local(event);
      pointers.current.set(event.pointerId, point);
      if (pointers.current.size === 1) {
        moved.current = false;
        start.current = point;
      } else moved.current = true;
    },
    onPointerMove: (event: React.PointerEvent<HTMLCanvasElement>) => {
      const point = local(event);
      const before = pointers.current.get(event.pointerId);
      if (!before) {
        if (event.pointerType === 'mouse') onPoint(point.x, point.y, false);
        return;
      }
      if (start.current && Math.hypot(point.x - start.current.x, point.y - start.current.y) > dragThresholdPx)
        moved.current = true;
      if (!moved.current) return;
      const others = [...pointers.current].filter(([id]) => id !== event.pointerId);
      pointers.current.set(event.pointerId, point);
      const current = view.current;
      if (others.length === 0) {
        setView({ ...current, x: current.x + point.x - before.x, y: current.y + point.y - before.y });
        return;
      }
      // Pinch: the distance between the two fingers scales the view about their midpoint, which also pans.
      const other = others[0]![1];
      const distanceBefore = Math.hypot(before.x - other.x, before.y - other.y);
      const distanceNow = Math.hypot(point.x - other.x, point.y - other.y);
      if (distanceBefore < 1) return;
      const midX = (point.x + other.x) / 2;
      const midY = (point.y + other.y) / 2;
      const zoomed = zoomAt(current, distanceNow / distanceBefore, midX, midY);
      setView({ ...zoomed, x: zoomed.x + (point.x - before.x) / 2, y: zoomed.y + (point.y - before.y) / 2 });
    },
    onPointerUp: (event: React.PointerEvent<HTMLCanvasElement>) => {
      const wasTap = pointers.current.size === 1 && !moved.current;
      pointers.current.delete(event.pointerId);
      if (wasTap) {
        const point = local(event);
        onPoint(point.x, point.y, event.pointerType === 'mouse' ? 'mouse' : 'touch');
      }
    },
    onPointerCancel: (event: React.PointerEvent<HTMLCanvasElement>) => {
      pointers.current.delete(event.pointerId);
    },
  };
}
