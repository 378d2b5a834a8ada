import { i18n } from '../../lib/i18n';
import { toast } from './toast';

/**
 * The API answered 202: the request is recorded and the result is on its way (the live updates
 * bring it). Said in the user's language as information, never as an error.
 */
export function toastProcessing(descriptionKey: 'processing.text' | 'processing.challengeText' | 'processing.accountText' = 'processing.text'): void {
  toast({ title: i18n.t('processing.title'), description: i18n.t(descriptionKey), type: 'info' });
}
