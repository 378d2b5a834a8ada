export type ChatCommand = { type: 'CreateChat'; data: { chatId: string; betId: string; participant1Id: string; participant2Id: string; now: Date } };
