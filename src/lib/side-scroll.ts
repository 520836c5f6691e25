// The home page's side-scrolling story: while "active" the page does not scroll and the strip moves by half
// the wheel delta; it lets go at either end and takes over again when the section reaches the top.
export type SideScrollMode = "top" | "active" | "bottom";

export interface SideScrollState {
  mode: SideScrollMode;
  offset: number;
}

export interface SideScrollGeometry {
  sectionTop: number;
  sectionBottom: number;
  viewportHeight: number;
  maxOffset: number;
}

export type SideScrollEvent =
  | ({ type: "wheel"; deltaY: number } & SideScrollGeometry)
  /** The strip moved by itself (arrow keys, focus moving into a panel, a sideways trackpad swipe). */
  | { type: "stripScrolled"; offset: number; maxOffset: number }
  | { type: "pageScrolled"; sectionTop: number };

export interface SideScrollStep {
  state: SideScrollState;
  lockPage: boolean;
  alignSection: boolean;
}

const sideScrollSpeed = 0.5;
/** Sub-pixel slack for "at the top" and "at the end". */
const slack = 1;

export const initialSideScrollState: SideScrollState = { mode: "top", offset: 0 };

export function sideScrollStep(state: SideScrollState, event: SideScrollEvent): SideScrollStep {
  switch (event.type) {
    case "wheel":
      return onWheel(state, event);
    case "stripScrolled":
      return unlocked(onStripScrolled(state, event.offset, event.maxOffset));
    case "pageScrolled":
      if (state.mode !== "active" || Math.abs(event.sectionTop) <= slack) return unlocked(state);
      return unlocked({ ...state, mode: event.sectionTop > 0 ? "top" : "bottom" });
  }
}

function onWheel(state: SideScrollState, event: { deltaY: number } & SideScrollGeometry): SideScrollStep {
  const { deltaY, sectionTop, sectionBottom, viewportHeight, maxOffset } = event;
  if (deltaY === 0 || maxOffset <= slack) return unlocked(state);
  const offset = clamp(state.offset, 0, maxOffset);

  switch (state.mode) {
    case "top": {
      // This wheel movement would carry the section to (or past) the viewport's top while it still shows.
      const reachesTop = deltaY > 0 && sectionTop <= deltaY && sectionBottom > 0;
      if (!reachesTop || offset >= maxOffset - slack) return unlocked(state);
      return { state: { mode: "active", offset }, lockPage: true, alignSection: true };
    }
    case "bottom": {
      const reachesTop = deltaY < 0 && sectionTop >= deltaY && sectionTop < viewportHeight;
      if (!reachesTop || offset <= slack) return unlocked(state);
      return { state: { mode: "active", offset }, lockPage: true, alignSection: true };
    }
    case "active": {
      if (deltaY < 0 && offset <= slack) return unlocked({ mode: "top", offset: 0 });
      const next = clamp(offset + deltaY * sideScrollSpeed, 0, maxOffset);
      if (next >= maxOffset - slack) return locked({ mode: "bottom", offset: maxOffset });
      return locked({ mode: "active", offset: next });
    }
  }
}

function onStripScrolled(state: SideScrollState, offset: number, maxOffset: number): SideScrollState {
  if (Math.abs(offset - state.offset) < slack) return state;
  if (state.mode === "active" && offset >= maxOffset - slack) return { mode: "bottom", offset };
  return { ...state, offset };
}

function locked(state: SideScrollState): SideScrollStep {
  return { state, lockPage: true, alignSection: false };
}

function unlocked(state: SideScrollState): SideScrollStep {
  return { state, lockPage: false, alignSection: false };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** Wheel deltas come in pixels, lines or pages (WheelEvent.deltaMode 0, 1, 2); the story works in pixels. */
export function wheelDeltaInPixels(deltaY: number, deltaMode: number, viewportHeight: number): number {
  if (deltaMode === 1) return deltaY * 16;
  if (deltaMode === 2) return deltaY * viewportHeight;
  return deltaY;
}
