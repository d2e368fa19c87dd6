import { dictionary } from '@zxcvbn-ts/language-common';

// A blocklist of the passwords people pick first: the ~49,000 most common passwords of public
// breach lists (the `passwords-common` list of @zxcvbn-ts/language-common, most common first),
// a few local favourites below, plus rules that catch their endless variants: one repeated
// character, simple sequences, a word or the list entries followed by digits. Checked
// case-insensitively.

const WORDS = `
123456 123456789 12345678 12345 1234567 1234567890 123123 123321 654321 666666 111111 000000 121212
112233 123qwe qwerty qwerty123 qwertyuiop qwerty1 qwert asdfgh asdfghjkl zxcvbn zxcvbnm 1q2w3e4r
1q2w3e4r5t 1q2w3e 1qaz2wsx qazwsx zaq12wsx zaq1zaq1 q1w2e3r4 password password1 password12
password123 passw0rd p@ssword p@ssw0rd pa55word pass1234 passpass passport password! iloveyou
iloveyou1 iloveu loveyou lovely love123 mylove lover loveme abc123 abcd1234 abcdef abcdefg abcdefgh
abc12345 aa123456 a123456 a12345678 123abc admin admin123 administrator root toor welcome welcome1
welcome123 letmein letmein1 monkey dragon master master123 sunshine princess football baseball
basketball soccer hockey superman batman spiderman starwars pokemon naruto shadow michael jennifer
jessica ashley daniel charlie jordan thomas hunter ranger buster tigger ginger chocolate cookie
summer winter spring autumn flower freedom whatever trustno1 secret secret123 hello hello123
helloworld changeme default guest test test123 testing demo user login access access14 killer
mustang harley corvette ferrari porsche mercedes computer internet samsung iphone google facebook
linkedin twitter youtube microsoft apple orange banana cheese pepper purple yellow silver golden
diamond angel angels beautiful blessed family friends forever lovers london paris india mumbai
delhi bangalore chennai kolkata hyderabad pune hindustan bharat jaihind krishna ganesh shivam
jaimatadi sairam omsairam om namah 786786 786 sachin dhoni virat cricket kohli tendulkar
bollywood shahrukh salman amitabh rahul priya pooja sneha neha anjali deepak suresh ramesh
mahesh rajesh ravi kumar sharma singh khan india123 india@123 qwerty@123 admin@123 pass@123
password@123 welcome@123 abc@123 test@123 user@123 demo@123 zxcvbnm123 asdf1234 asdfasdf qweasd
qweasdzxc qwe123 asd123 zxc123 1qazxsw2 1234qwer qwer1234 q1w2e3r4t5 987654321 9876543210 87654321
147258369 159753 159357 147258 741852963 123654 789456 789456123 456789 369258147 102030 101010
202020 111222 121314 131313 123456a 123456q 12345a 1234abcd 1password iloveyou2 password2
starwars1 princess1 sunshine1 football1 charlie1 monkey1 dragon1 master1 shadow1 superman1
batman1 michael1 jordan23 michael23 lakers chelsea arsenal liverpool manchester barcelona
realmadrid juventus madrid united matrix zombie ninja samurai pirate cowboy tiger lion eagle
falcon phoenix dolphin butterfly rainbow sunflower flowers pretty sweety sweetheart honey
babygirl baby123 mybaby angel123 princesa nicole daniela carlos maria jesus christ lord heaven
god123 godisgood blessing faith hope peace happy happy123 smile funny crazy cool hello1 hi123
welcome2 company business office work money money123 dollar rich success power energy
`;

let common: Set<string> | undefined;
/** The list, built on first use (the package's list is compressed; unpacking it takes a few ms). */
function commonSet(): Set<string> {
  common ??= new Set([...dictionary['passwords-common'].map((w) => w.toLowerCase()), ...WORDS.split(/\s+/).filter(Boolean)]);
  return common;
}

/** How many passwords the blocklist holds (at least the 10,000 most common, NIST SP 800-63B). */
export function commonPasswordCount(): number {
  return commonSet().size;
}
const ROWS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc4rfv5tgb'];

function isSequence(s: string): boolean {
  for (const row of ROWS) {
    const reversed = [...row].reverse().join('');
    if (row.includes(s) || reversed.includes(s)) return true;
  }
  return false;
}

/** A short block repeated (e.g. "abcabcabc", "12121212"). */
function isRepeatedBlock(s: string): boolean {
  for (let len = 1; len <= s.length / 2; len++) {
    if (s.length % len === 0 && s.slice(0, len).repeat(s.length / len) === s) return true;
  }
  return false;
}

export function isCommonPassword(password: string): boolean {
  const COMMON = commonSet();
  const p = password.toLowerCase().trim();
  if (COMMON.has(p)) return true;
  if (isRepeatedBlock(p) || isSequence(p)) return true;
  // A list entry or a sequence dressed up with trailing digits or symbols: "password2024!", "qwerty!!".
  const core = p.replace(/[\d!@#$%^&*.?_\-]+$/, '');
  if (core.length > 0 && core !== p && (COMMON.has(core) || (core.length >= 4 && (isSequence(core) || isRepeatedBlock(core))))) return true;
  // Leading digits/symbols on a list word: "123password", "@admin123".
  const tail = p.replace(/^[\d!@#$%^&*.?_\-]+/, '');
  if (tail.length > 0 && tail !== p && COMMON.has(tail)) return true;
  return false;
}
