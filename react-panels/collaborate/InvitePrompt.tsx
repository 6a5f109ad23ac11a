import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { CollaborateExtension } from '../../core/index.js';
import { useTranslate } from '../ViewerContext.js';

/**
 * Spec 001 §2 "Live review UI": 'Invite Others' shows the review's URL ('Copy and send this URL to invite
 * others') with a copy button, a QR code of it (the qrcode package, drawn in the page: no network), and an
 * e-mail link whose subject is 'Please Join My Live Review'.
 */
export function InvitePrompt({ review, onClose }: { review: CollaborateExtension; onClose: () => void }) {
  const t = useTranslate();
  const url = review.getInviteUrl();
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 160, errorCorrectionLevel: 'M' }).then(
      (data: string) => live && setQr(data),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t('Copied to the clipboard', 'Copied to the clipboard'));
    } catch {
      setCopied(t('Could not copy to the clipboard', 'Could not copy to the clipboard'));
    }
  };
  return (
    <div className="dv-review-invite" role="group" aria-label={t('Invite Others', 'Invite Others')}>
      <h3>{t('Invite Others', 'Invite Others')}</h3>
      <p>{t('Copy and send this URL to invite others', 'Copy and send this URL to invite others')}</p>
      <input className="dv-field dv-review-invite-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} aria-label={t('Invite Others', 'Invite Others')} />
      <div className="dv-review-invite-actions">
        <button type="button" className="dv-review-copy" onClick={() => void copy()}>
          {t('Copy', 'Copy')}
        </button>
        <a className="dv-review-mail" href={review.getInviteMail()}>
          {t('Send by e-mail', 'Send by e-mail')}
        </a>
        <button type="button" className="dv-review-invite-close" onClick={onClose}>
          {t('Close', 'Close')}
        </button>
      </div>
      {copied && (
        <p className="dv-review-status" role="status">
          {copied}
        </p>
      )}
      {qr && <img className="dv-review-qr" src={qr} width={160} height={160} alt={t('QR code of the review URL', 'QR code of the review URL')} />}
    </div>
  );
}
