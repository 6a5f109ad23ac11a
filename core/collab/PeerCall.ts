import { atom } from 'nanostores';
import type { ReviewClient } from './ReviewClient.js';
import type { PrivateMessage } from './reviewProtocol.js';

/** Spec 000 §8: the texts of a call that cannot be made. */
export const CALL_TEXTS = {
  noWebRtc: 'Browser does not appear to be WebRTC-capable',
  noPeerConnection: 'Cannot create RTCPeerConnection object',
  alreadyInCall: 'Already in a call: the call request was ignored.',
  busy: 'The other user is already in a call.',
  mediaDenied: 'Camera and microphone access was refused: allow them in the browser to make a video call.',
  noMedia: 'No camera or microphone was found.',
} as const;

export type CallStatus = 'idle' | 'calling' | 'ringing' | 'connecting' | 'connected';

/**
 * A video and voice call between two users of a review (spec 000 §4 "Peer calls exchange offer, answer,
 * candidate and bye. A call request is ignored if already in a call"; §7 "Peer call"): WebRTC, signalled
 * through the review server's private messages. STUN servers are configured by the host (none needed on a
 * local network, where host candidates connect).
 */
export class PeerCall {
  readonly $status = atom<CallStatus>('idle');
  /** Who the call is with. */
  readonly $peer = atom<string | null>(null);
  readonly $localStream = atom<MediaStream | null>(null);
  readonly $remoteStream = atom<MediaStream | null>(null);
  /** The last problem, in words (refused camera, busy peer…). */
  readonly $problem = atom<string | null>(null);
  private connection: RTCPeerConnection | null = null;
  private readonly pendingCandidates: RTCIceCandidateInit[] = [];
  private readonly stop: () => void;

  constructor(
    private readonly client: ReviewClient,
    private readonly iceServers: RTCIceServer[] = [],
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.stop = client.on('private', (message) => void this.receive(message));
  }

  isInCall(): boolean {
    return this.$status.get() !== 'idle';
  }

  /** Calls a user of the room: asks for the camera and microphone, then sends the offer. False when it could not start. */
  async call(userId: string): Promise<boolean> {
    if (this.isInCall()) {
      this.problem(CALL_TEXTS.alreadyInCall);
      return false;
    }
    this.$peer.set(userId);
    this.$status.set('calling');
    const connection = await this.open(userId);
    if (!connection) return false;
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    this.client.sendPrivate(userId, 'offer', { sdp: offer.sdp, type: offer.type });
    return true;
  }

  /** Ends the call (and tells the other side). */
  hangUp(): void {
    const peer = this.$peer.get();
    if (peer && this.isInCall()) this.client.sendPrivate(peer, 'bye', null);
    this.close();
  }

  private async receive(message: PrivateMessage): Promise<void> {
    const msg = message.msg as { sdp?: string; type?: RTCSdpType; candidate?: RTCIceCandidateInit } | null;
    switch (message.type) {
      case 'offer': {
        // Spec 000 §4: a call request is ignored while already in a call; the caller hears that the line is busy.
        if (this.isInCall()) {
          this.warn(CALL_TEXTS.alreadyInCall);
          this.client.sendPrivate(message.from, 'busy', null);
          return;
        }
        this.$peer.set(message.from);
        this.$status.set('ringing');
        const connection = await this.open(message.from);
        if (!connection || !msg?.sdp) return;
        await connection.setRemoteDescription({ type: 'offer', sdp: msg.sdp });
        await this.flushCandidates();
        const answer = await connection.createAnswer();
        await connection.setLocalDescription(answer);
        this.client.sendPrivate(message.from, 'answer', { sdp: answer.sdp, type: answer.type });
        return;
      }
      case 'answer':
        if (!this.connection || message.from !== this.$peer.get() || !msg?.sdp) return;
        await this.connection.setRemoteDescription({ type: 'answer', sdp: msg.sdp });
        await this.flushCandidates();
        return;
      case 'candidate':
        if (message.from !== this.$peer.get() || !msg?.candidate) return;
        if (this.connection?.remoteDescription) await this.connection.addIceCandidate(msg.candidate).catch(() => {});
        else this.pendingCandidates.push(msg.candidate);
        return;
      case 'busy':
        if (message.from !== this.$peer.get()) return;
        this.close();
        this.problem(CALL_TEXTS.busy);
        return;
      case 'bye':
        if (message.from === this.$peer.get()) this.close();
        return;
    }
  }

  /** The peer connection with this side's camera and microphone on it; null (and the call closed) when either is missing. */
  private async open(peer: string): Promise<RTCPeerConnection | null> {
    if (typeof RTCPeerConnection === 'undefined' || !globalThis.navigator?.mediaDevices?.getUserMedia) {
      this.close();
      this.problem(CALL_TEXTS.noWebRtc);
      return null;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    } catch (error) {
      const name = (error as DOMException)?.name;
      this.close();
      this.problem(name === 'NotAllowedError' || name === 'SecurityError' ? CALL_TEXTS.mediaDenied : CALL_TEXTS.noMedia);
      this.client.sendPrivate(peer, 'bye', null);
      return null;
    }
    let connection: RTCPeerConnection;
    try {
      connection = new RTCPeerConnection({ iceServers: this.iceServers });
    } catch {
      for (const track of stream.getTracks()) track.stop();
      this.close();
      this.problem(CALL_TEXTS.noPeerConnection);
      return null;
    }
    this.connection = connection;
    this.$localStream.set(stream);
    for (const track of stream.getTracks()) connection.addTrack(track, stream);
    const remote = new MediaStream();
    this.$remoteStream.set(remote);
    connection.ontrack = (event) => {
      remote.addTrack(event.track);
      this.$remoteStream.set(new MediaStream(remote.getTracks()));
    };
    connection.onicecandidate = (event) => {
      if (event.candidate) this.client.sendPrivate(peer, 'candidate', { candidate: event.candidate.toJSON() });
    };
    connection.onconnectionstatechange = () => {
      const state = connection.connectionState;
      if (state === 'connected') this.$status.set('connected');
      else if (state === 'connecting' && this.$status.get() !== 'connected') this.$status.set('connecting');
      else if (state === 'failed' || state === 'closed') this.close();
    };
    return connection;
  }

  private async flushCandidates(): Promise<void> {
    for (const candidate of this.pendingCandidates.splice(0)) await this.connection?.addIceCandidate(candidate).catch(() => {});
  }

  private problem(text: string): void {
    this.$problem.set(text);
    this.warn(text);
  }

  private close(): void {
    this.connection?.close();
    this.connection = null;
    this.pendingCandidates.length = 0;
    for (const track of this.$localStream.get()?.getTracks() ?? []) track.stop();
    this.$localStream.set(null);
    this.$remoteStream.set(null);
    this.$peer.set(null);
    this.$status.set('idle');
  }

  dispose(): void {
    this.hangUp();
    this.stop();
  }
}
