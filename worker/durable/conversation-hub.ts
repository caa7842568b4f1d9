import { DurableObject } from 'cloudflare:workers';
export class ConversationHub extends DurableObject<Env> {}
