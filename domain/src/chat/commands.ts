import type { Command } from '../shared/command.js';

export type ChatCommand = Command<'CreateChat', { chatId: string; betId: string; participant1Id: string; participant2Id: string }>;
