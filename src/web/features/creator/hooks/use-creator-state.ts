import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import {
  generateReference,
  normalizeReference,
  REFERENCE_MAX,
  REFERENCE_PATTERN,
  verificationUrl,
} from '#shared/signatures/reference.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { DEFAULT_FONT, fontBySlug, type FontCategory } from '#web/lib/fonts/catalogue.ts';
import { FONT_SIZE, PAD, type CreatedSignature } from '../lib/model.ts';
import { renderDrawn, renderTyped } from '../lib/render.ts';
import type { Stroke } from '../lib/stroke-path.ts';
import type { DownloadMode } from './use-download-mode.ts';

export type CreatorTab = 'create' | 'preview' | 'save';
export type CreateMethod = 'draw' | 'type';

export interface TypedSettings {
  text: string;
  category: FontCategory;
  slug: string;
  fontSize: number;
  color: string;
}

/** What the preview shows and the downloads contain: the creator's work, or a saved signature. */
export interface SignatureView {
  signature: CreatedSignature | null;
  name: string;
  /** null until there is one: the preview then says 'Auto-generated'. */
  reference: string | null;
  referenceData: string;
  qrUrl: string | null;
  /** ISO time of creation (the QR code's timestamp). */
  createdAt: string | null;
}

interface Stamp {
  id: number;
  timestamp: string;
}

const newStamp = (): Stamp => {
  const now = Date.now();
  return { id: now, timestamp: new Date(now).toISOString() };
};

/** The creator's state and the values derived from it. */
export function useCreatorState(origin: string, download: DownloadMode) {
  const [tab, setTab] = useState<CreatorTab>(download.active ? 'preview' : 'create');
  const [method, setMethod] = useState<CreateMethod>('draw');
  const [drawn, setDrawn] = useState<(CreatedSignature & { kind: 'drawn' }) | null>(null);
  const [typed, setTypedSignature] = useState<(CreatedSignature & { kind: 'typed' }) | null>(null);
  const [typedSettings, setTypedSettings] = useState<TypedSettings>({
    text: '',
    category: DEFAULT_FONT.category,
    slug: DEFAULT_FONT.slug,
    fontSize: FONT_SIZE.default,
    color: '#000000',
  });
  const [name, setNameValue] = useState('');
  const [referenceInput, setReferenceInput] = useState('');
  const [referenceData, setReferenceData] = useState('');
  const [autoReference, setAutoReference] = useState<string | null>(null);
  // The QR code's id and timestamp: the moment this signature was first created.
  const [stamp, setStamp] = useState<Stamp | null>(null);
  const [saved, setSaved] = useState<OwnSignature | null>(null);

  // A saved signature keeps its reference and QR data: any later edit starts a new one, so a
  // second save (and the downloads before it) cannot point at the first.
  const edited = () => {
    if (!saved) return;
    setSaved(null);
    setAutoReference(generateReference());
    setStamp(newStamp());
  };

  const touchStamp = (hasSignature: boolean) => {
    if (hasSignature) {
      const fresh = newStamp();
      setStamp((s) => s ?? fresh);
    }
  };

  const setStrokes = (strokes: Stroke[]) => {
    edited();
    const next = strokes.length ? renderDrawn(strokes) : null;
    setDrawn(next);
    touchStamp(next !== null);
    if (!next && !typed) setStamp(null);
  };

  const setTyped = (next: (CreatedSignature & { kind: 'typed' }) | null) => {
    setTypedSignature(next);
    touchStamp(next !== null);
    if (!next && !drawn) setStamp(null);
  };

  // The typed signature is drawn here, on a canvas of its own, not by the Type tab: a font still
  // loading when the user opens Preview (the tab then unmounts) used to leave no signature at all.
  const typedCanvas = useRef<HTMLCanvasElement | null>(null);
  const { text: typedText, slug, fontSize, color } = typedSettings;
  // What the drawing depends on: a drawing is current while its key is the settings' key.
  const typedKey = JSON.stringify([typedText.trim(), slug, fontSize, color]);
  const [typedFor, setTypedFor] = useState(typedKey);
  const reportTyped = useEffectEvent((next: (CreatedSignature & { kind: 'typed' }) | null, key: string) => {
    setTyped(next);
    setTypedFor(key);
  });
  useEffect(() => {
    let current = true;
    const canvas = (typedCanvas.current ??= Object.assign(document.createElement('canvas'), {
      width: PAD.width,
      height: PAD.height,
    }));
    renderTyped(canvas, { text: typedText, font: fontBySlug(slug), fontSize, color }, () => current).then(
      (signature) => current && reportTyped(signature, typedKey),
      () => current && reportTyped(null, typedKey),
    );
    return () => {
      current = false;
    };
  }, [typedText, slug, fontSize, color, typedKey]);

  const setName = (value: string) => {
    edited();
    setNameValue(value);
    if (value.trim() && !autoReference) setAutoReference(generateReference());
  };

  const typedReference = normalizeReference(referenceInput);
  const referenceError =
    typedReference && (typedReference.length > REFERENCE_MAX || !REFERENCE_PATTERN.test(typedReference))
      ? m.referenceFormat
      : null;
  const ownName = name.trim();
  const ownReference = typedReference
    ? referenceError
      ? null
      : typedReference
    : ownName
      ? autoReference
      : null;
  const ownSignature = method === 'draw' ? drawn : typed;

  const qrFor = (reference: string | null) =>
    ownSignature && ownName && reference && stamp
      ? verificationUrl(origin, { id: stamp.id, ref: reference, name: ownName, timestamp: stamp.timestamp })
      : null;

  const view: SignatureView =
    download.active && download.state === 'ready'
      ? {
          signature: { kind: 'stored', dataUrl: download.signature.signatureData },
          name: download.signature.signerName,
          reference: download.signature.referenceNumber,
          referenceData: download.signature.additionalData,
          qrUrl: download.signature.qrCodeData || null,
          createdAt: download.signature.createdAt,
        }
      : {
          signature: download.active ? null : ownSignature,
          name: ownName,
          reference: ownReference,
          referenceData: referenceData.trim(),
          // Once saved, the server's link: it carries the seal (decision 029) in every download.
          qrUrl:
            saved?.qrCodeData && saved.referenceNumber === ownReference
              ? saved.qrCodeData
              : qrFor(ownReference),
          createdAt: stamp?.timestamp ?? null,
        };

  return {
    tab,
    setTab,
    method,
    setMethod,
    drawn,
    setStrokes,
    typed,
    /** Typed text whose drawing is not in yet (its font is loading): the preview waits for it. */
    typedPending: method === 'type' && typedText.trim() !== '' && typedFor !== typedKey,
    typedSettings,
    setTypedSettings: (update: (prev: TypedSettings) => TypedSettings) => {
      edited();
      setTypedSettings(update);
    },
    name,
    setName,
    referenceInput,
    setReferenceInput: (value: string) => {
      edited();
      setReferenceInput(value);
    },
    referenceData,
    setReferenceData: (value: string) => {
      edited();
      setReferenceData(value);
    },
    referenceError,
    /** True when the reference was generated here, not typed: a clash may pick another. */
    referenceIsAuto: !typedReference,
    setAutoReference,
    qrFor,
    view,
    saved,
    setSaved,
  };
}

export type CreatorState = ReturnType<typeof useCreatorState>;
