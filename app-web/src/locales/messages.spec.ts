// Proves that every refusal text of the live tracker, the support form, the moderation and the appeal forms, which the web shows as the shared schemas word it, has a Spanish and a French translation.
import { describe, expect, it } from 'vitest';
import { liveMessages } from '@wager/domain/live/rules';
import { supportMessages } from '@wager/domain/support/index';
import { chatMessages } from '@wager/domain/chat/rules';
import { appealMessages } from '@wager/domain/bets/appeals';
import { esMessages, frMessages } from './messages';

describe('translations of server texts', () => {
  const moderationForms = [chatMessages.noteRequired, chatMessages.noteTooLong, chatMessages.reasonRequired, chatMessages.reasonTooLong, chatMessages.invalidCharacters];
  const appealForms = [appealMessages.reasonRequired, appealMessages.reasonTooLong, appealMessages.notesRequired, appealMessages.notesTooLong, appealMessages.outcomeInvalid];
  const texts = [...Object.values(liveMessages), ...Object.values(supportMessages), ...moderationForms, ...appealForms];

  it.each([
    ['es', esMessages],
    ['fr', frMessages],
  ])('translate every live tracking and support refusal into %s', (_language, translations) => {
    const missing = texts.filter((text) => !translations[text]);
    expect(missing).toEqual([]);
  });
});
