/** A module whose `memory` export is not a memory bank. */
import { chatModelAgent } from '@weft/agents';
import { scriptedModel } from '@weft/models';

export const memory = { items: ['not', 'a', 'bank'] };
export const agent = chatModelAgent({ name: 'Keeper', description: '', model: scriptedModel([{ text: 'Hello.' }]) });
