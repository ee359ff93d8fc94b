// The Stop button: the server stops the reply wherever it is being written (the reply goes on when its page is left,
// so closing the stream no longer stops it). The stream then ends as usual, with the words so far saved as incomplete.
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

export const stopReply = (replyId: string) => apiRequest(api.chat.stopReply, { params: { replyId } });
