import type { Surface } from '../src/modules/moderation/types.ts';

export interface AllowedExample {
  surface: Surface;
  field: string;
  text: string;
  nsfw?: boolean;
}

// Written for the tests; each line must pass. Adult content between adults and non-sexual mentions of children.
export const ALLOWED_EXAMPLES: AllowedExample[] = [
  // adult content between adults
  { surface: 'character', field: 'description', nsfw: true, text: 'Elena is a 32-year-old lawyer with a kinky side who loves rough sex.' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'A confident 25 year old bartender. Flirty, dominant, and very horny after her shift.',
  },
  { surface: 'chat-user', field: 'message', nsfw: true, text: 'I pull you closer and we make love until sunrise.' },
  { surface: 'chat-reply', field: 'message', nsfw: true, text: 'She moans your name as you kiss her neck and slowly undress her.' },
  { surface: 'image-prompt', field: 'prompt', nsfw: true, text: 'adult woman, 30 years old, lingerie, bedroom, soft light' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'Mira is 18, a college freshman who just moved into the dorms and is curious about BDSM.',
  },
  { surface: 'character', field: 'description', nsfw: true, text: 'A 38-year-old MILF with two kids who craves rough sex.' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'A 1000-year-old dragon queen in the body of a tall, adult woman. Seductive and proud.',
  },
  {
    surface: 'character',
    field: 'scenario',
    nsfw: true,
    text: 'Roleplay as a strict teacher and her adult student at a university; both are over 30.',
  },
  { surface: 'chat-user', field: 'message', nsfw: true, text: 'Call me daddy and tell me how much you want it.' },
  { surface: 'character', field: 'description', nsfw: true, text: "A werewolf mercenary, 35, who's rough in bed and gentle after." },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: "Her best friend's sister is a 29 year old nurse who flirts with everyone; tonight she seduces you.",
  },
  { surface: 'chat-reply', field: 'message', nsfw: true, text: 'Come here, baby, I want you naked.' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'A fictional pop star named Aria Vale, 27, who invites you backstage for a sexy night.',
  },
  { surface: 'chat-user', field: 'message', nsfw: true, text: 'We fuck like animals on the kitchen floor.' },
  { surface: 'character', field: 'description', nsfw: true, text: 'Yuki looks young for her 40 years and has an erotic novel collection.' },
  { surface: 'chat-user', field: 'message', nsfw: true, text: 'The party was wild; we had sex in the kids room after they moved out.' },
  { surface: 'chat-user', field: 'message', nsfw: true, text: "My kids are at grandma's so tonight we fuck." },
  { surface: 'character', field: 'scenario', nsfw: true, text: 'His sister-in-law, 31, seduces him at the wedding.' },
  { surface: 'chat-reply', field: 'message', nsfw: true, text: "She is 5'2\" and horny, and I'm 15 minutes away, so get naked." },
  { surface: 'character', field: 'description', nsfw: true, text: 'She is a 16 feet tall giantess, sexy and teasing.' },
  { surface: 'character', field: 'description', nsfw: true, text: 'He is a minor character in the story who likes sex.' },
  { surface: 'character', field: 'description', nsfw: true, text: 'Elf, appears in her 20s, actually 300 years old, very sexy.' },
  { surface: 'character', field: 'scenario', nsfw: true, text: 'A rape fantasy roleplay between consenting adults, with a safeword.' },
  { surface: 'chat-user', field: 'message', nsfw: true, text: 'I had sex with my girlfriend while her mom was away.' },
  { surface: 'image-prompt', field: 'prompt', nsfw: true, text: 'She just turned 18, sexy dress, party lights' },
  { surface: 'chat-user', field: 'message', text: 'Kill all the orcs before they reach the gate!' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: "Marcus is a 40-year-old divorced firefighter with a teenage son who lives with his ex. He's lonely, flirty, and great in bed.",
  },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'Ruby, a 23 year old barista. When she was 12 she wanted to be an astronaut. Now she just wants you in her bed.',
  },
  // non-sexual mentions of children and teens
  {
    surface: 'character',
    field: 'description',
    text: 'A wholesome family story: Anna takes her two kids to the beach and builds sandcastles.',
  },
  { surface: 'chat-user', field: 'message', text: 'I have two kids and a very busy week.' },
  { surface: 'chat-user', field: 'message', text: 'My teen years were awkward; I spent them reading fantasy novels.' },
  { surface: 'character', field: 'description', text: 'Tom is 16, a shy boy who loves football and wants to make the school team.' },
  {
    surface: 'character',
    field: 'description',
    text: 'Name: Lily\nAge: 12\nSex: female\nLily is a curious girl who explores the magical forest with her grandfather.',
  },
  { surface: 'character', field: 'scenario', text: 'A middle school teacher helps her 7th grade class prepare for the science fair.' },
  { surface: 'profile', field: 'bio', text: 'Dad of three, high school sweetheart of my wife, coffee addict.' },
  { surface: 'chat-reply', field: 'message', text: 'When I was 15 I broke my arm skateboarding, and my mom never let me forget it.' },
  { surface: 'character', field: 'description', text: 'A kindergarten teacher who loves painting with the children.' },
  { surface: 'chat-user', field: 'message', text: 'My daughter turned 8 today and we baked a cake.' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'Rachel, 34, is a single mom raising two kids; after they are asleep she reads erotica.',
  },
  { surface: 'character', field: 'description', nsfw: true, text: 'A vampire lord who seduces his guests in a candlelit crypt.' },
  { surface: 'chat-reply', field: 'message', text: 'The zombies shamble closer; the corpse by the door still has the key.' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'The madam of a fantasy brothel in the city of Vel, 45, who trades secrets as easily as kisses.',
  },
  { surface: 'chat-user', field: 'message', text: 'I feel sad and lonely tonight, can we just talk?' },
  { surface: 'chat-user', field: 'message', text: 'I watched a documentary about how ISIS recruited online.' },
  { surface: 'chat-reply', field: 'message', text: 'We must kill all the zombies before dawn.' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'A horse ranch owner, 38, who loves rough sex in the hayloft after the horses are fed.',
  },
  { surface: 'image-prompt', field: 'prompt', nsfw: true, text: 'fictional woman, 28, red hair, topless, fantasy armor, painting' },
  { surface: 'chat-user', field: 'message', nsfw: true, text: 'Pretend you are a famous fictional pirate queen and tease me.' },
  { surface: 'profile', field: 'bio', nsfw: true, text: 'Writer of consensual adult fiction. Hidden gems only, camera shy.' },
  // disclaimers and reports
  { surface: 'profile', field: 'bio', nsfw: true, text: 'NSFW writer. No one under 18, minors DNI. All my characters are adults.' },
  { surface: 'character', field: 'creatorNotes', nsfw: true, text: 'Explicit content. Do not interact if you are under 18.' },
  { surface: 'ticket', field: 'body', text: 'I found a character that sexualises minors, please remove it: /characters/abc123' },
  { surface: 'ticket', field: 'body', text: 'The incest character on the front page breaks your rules.' },
  { surface: 'ticket', field: 'body', text: 'I feel awful and keep thinking about how to end my life. Can I cancel my membership?' },
  // words that only look like other rules
  { surface: 'chat-user', field: 'message', text: 'Moby Dick is my favourite novel and I graduated summa cum laude.' },
  { surface: 'chat-user', field: 'message', text: 'My mom had breast cancer last year, she is fine now.' },
  { surface: 'character', field: 'description', text: 'A wildlife ranger who rescues a lion cub and her dog.' },
  { surface: 'character', field: 'description', text: 'She walks her dog every morning and works as a veterinarian.' },
  { surface: 'chat-user', field: 'message', text: 'The room is 16 feet wide and she is 5 minutes away.' },
  { surface: 'chat-user', field: 'message', text: 'He cocked his head and said: son of a gun, that was close.' },
  { surface: 'character', field: 'description', text: 'A celebrity chef who runs a small bistro in Lyon.' },
  { surface: 'chat-user', field: 'message', text: 'I was raped last year and I still have nightmares.' },
  { surface: 'character', field: 'description', text: 'A detective who investigates a murder; the corpse was found in the river.' },
  { surface: 'character', field: 'description', text: 'A historian who writes about the terror of the French Revolution.' },
  { surface: 'chat-reply', field: 'message', text: 'The soldier defused the bomb just in time.' },
  {
    surface: 'character',
    field: 'description',
    nsfw: true,
    text: 'An immortal sorceress, 900 years old, who takes the form of a mature woman and loves seduction.',
  },
  { surface: 'image-prompt', field: 'prompt', nsfw: true, text: 'muscular man, 40, shirtless, beach, erotic pose' },
  { surface: 'character', field: 'description', text: 'My teenage daughter and I went camping; she caught her first fish.' },
  { surface: 'profile', field: 'bio', text: 'Minor details about me: I like cats and chess.' },
];
