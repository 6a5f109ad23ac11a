import type { CollaborateExtension } from '../../core/index.js';
import { useExtension } from '../contributions/useExtension.js';

/** The loaded live review extension, or null. */
export function useCollaborate(): CollaborateExtension | null {
  return useExtension<CollaborateExtension>('collaborate');
}
