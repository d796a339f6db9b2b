# Oracle for tests/js/extra-utf8-variants.test.mjs: Perl's internal extended
# UTF-8, which for values up to 0x7FFFFFFF is the 1 to 6 octet form of
# ISO/IEC 10646-1 (1996). stdin: one hex value per line; stdout: the hex bytes
# of each value's encoding, one line each.
use strict;
no warnings;
while (my $line = <STDIN>) {
    chomp $line;
    my $s = chr(hex($line));
    utf8::encode($s);
    print uc(unpack('H*', $s)), "\n";
}
