import { useEffect, useMemo, useRef, useState } from "react";
import type { Carousel } from "../content/cards.ts";
import type { FieldsByType } from "../shared/content/fields.ts";
import type { Asset, ContentType } from "../shared/content/types.ts";
import { usePreview } from "./inspector.tsx";

// The SDK and the mapping of an edit to page fields are in the preview-only chunk (sdk.ts), which connects here once
// loaded; pages subscribe before that. Outside preview nothing is subscribed: this module is all public pages carry.

/** Contentful's REST shape, as the SDK is given it and the web app sends it back. */
export interface EditableEntry {
  sys: { id: string; type: "Entry"; contentType: { sys: { type: "Link"; linkType: "ContentType"; id: string } } };
  fields: object;
}

interface EditSubscription {
  entry: EditableEntry;
  /** Where an asset the edit only links to is found. */
  shown: () => unknown;
  onEdit: (fields: Record<string, unknown>) => void;
}

type Subscribe = (subscription: EditSubscription) => () => void;

let connected: Subscribe | undefined;
const subscriptions = new Map<EditSubscription, (() => void) | undefined>();

/** Pages subscribed before the SDK's chunk ran get their edits too. */
export function connectLiveUpdates(subscribe: Subscribe): void {
  connected = subscribe;
  for (const [subscription, stop] of subscriptions) subscriptions.set(subscription, stop ?? subscribe(subscription));
}

function subscribeToEdits(subscription: EditSubscription): () => void {
  subscriptions.set(subscription, connected?.(subscription));
  return () => {
    subscriptions.get(subscription)?.();
    subscriptions.delete(subscription);
  };
}

function editableEntry(contentType: ContentType, id: string, fields: object): EditableEntry {
  return {
    sys: { id, type: "Entry", contentType: { sys: { type: "Link", linkType: "ContentType", id: contentType } } },
    fields,
  };
}

export function useLiveFields<T extends ContentType>(contentType: T, id: string | undefined, fields: FieldsByType[T]) {
  const preview = usePreview();
  const [edit, setEdit] = useState<{ of: FieldsByType[T]; fields: FieldsByType[T] }>();
  const shown = useRef(fields);
  useEffect(() => {
    if (!preview || !id) return;
    return subscribeToEdits({
      entry: editableEntry(contentType, id, fields),
      // The loader's assets and an earlier edit's.
      shown: () => [fields, shown.current],
      onEdit: (edited) => setEdit({ of: fields, fields: edited as unknown as FieldsByType[T] }),
    });
  }, [preview, contentType, id, fields]);
  const current = edit?.of === fields ? edit.fields : fields;
  shown.current = current;
  return current;
}

interface LiveCard {
  id: string;
  source?: object;
}

// Each card's entry is subscribed on its own and an edit made into a card by the loader's own mapper, so the card
// looks as it will once that entry is published.
export function useLiveCards<Card extends LiveCard>(
  contentType: ContentType,
  cards: readonly Card[],
  toCard: (entry: { sys: { id: string }; fields: never }) => Card | undefined,
): readonly Card[] {
  const preview = usePreview();
  const [edits, setEdits] = useState<{ of: readonly Card[]; cards: ReadonlyMap<string, Card> }>();
  useEffect(() => {
    if (!preview) return;
    const edited = new Map<string, Card>();
    const stops = cards.map(({ id, source }) =>
      source
        ? subscribeToEdits({
            entry: editableEntry(contentType, id, source),
            shown: () => [source, edited.get(id)?.source],
            onEdit: (fields) => {
              const card = toCard({ sys: { id }, fields: fields as never });
              // An edit that leaves no card (its slug or title emptied) keeps the card as it was.
              if (!card) return;
              edited.set(id, { ...card, source: fields });
              setEdits({ of: cards, cards: new Map(edited) });
            },
          })
        : undefined,
    );
    return () => {
      for (const stop of stops) stop?.();
    };
  }, [preview, contentType, cards, toCard]);
  return edits?.of === cards ? cards.map((card) => edits.cards.get(card.id) ?? card) : cards;
}

export function useLiveCarousel(carousel: Carousel | null): Asset[] | null {
  const fields = useMemo(() => ({ carousel: carousel?.slides }), [carousel]);
  return useLiveFields("homePage", carousel?.entryId, fields).carousel ?? (carousel ? [] : null);
}
