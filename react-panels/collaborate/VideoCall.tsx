import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef } from 'react';
import type { CollaborateExtension } from '../../core/index.js';
import { useTranslate } from '../ViewerContext.js';

const NO_STREAM = atom<MediaStream | null>(null);
const IDLE = atom<string>('idle');
const NO_PROBLEM = atom<string | null>(null);

/** Spec 001 §2: the optional video panel, with 'End video call'; the call's problem (a refused camera) in words. */
export function VideoCall({ review }: { review: CollaborateExtension }) {
  const t = useTranslate();
  const call = review.call;
  const status = useStore(call?.$status ?? IDLE);
  const local = useStore(call?.$localStream ?? NO_STREAM);
  const remote = useStore(call?.$remoteStream ?? NO_STREAM);
  const problem = useStore(call?.$problem ?? NO_PROBLEM);
  if (!call) return null;
  return (
    <>
      {problem && status === 'idle' && (
        <p className="dv-review-problem" role="alert">
          {t(problem, problem)}
        </p>
      )}
      {status !== 'idle' && (
        <div className="dv-review-video" data-status={status}>
          <Video stream={remote} className="dv-review-remote" label={t('Video call', 'Video call')} />
          <Video stream={local} className="dv-review-local" muted label={t('You', 'You')} />
          <button type="button" className="dv-review-hangup" onClick={() => call.hangUp()}>
            {t('End video call', 'End video call')}
          </button>
        </div>
      )}
    </>
  );
}

function Video({ stream, className, muted = false, label }: { stream: MediaStream | null; className: string; muted?: boolean; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return <video ref={video} className={className} autoPlay playsInline muted={muted} aria-label={label} />;
}
