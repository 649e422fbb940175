#!/usr/bin/perl
# An openmonopoly bot in Perl 5 with only core modules (JSON::PP), written from docs/BOT-PROTOCOL.md alone.
# It keeps a cash reserve, buys and builds above it, bids up to a property's price, raises money by
# selling before mortgaging, accepts trades that pay it well, and offers cash for the last street of a set.
use strict;
use warnings;
use JSON::PP;

my $json = JSON::PP->new->utf8->canonical;
binmode STDIN;
binmode STDOUT;
$| = 1;    # stdout to a pipe is block-buffered: flush every line

my ($seat, %space, %group_of, %asked);

sub send_msg { print $json->encode($_[0]), "\n" }
sub have { my ($list, $want) = @_; return scalar grep { $_ eq $want } @$list }
sub num_of { my ($action) = @_; return $action =~ /^\S+ (-?\d+)$/ ? $1 : -1 }

sub me {
    my ($view) = @_;
    for my $p (@{ $view->{players} }) { return $p if $p->{seat} == $seat }
    return { cash => 0 };
}

# A property's worth to whoever holds the rest of its colour set: its price, doubled if it completes the set.
sub worth {
    my ($view, $pos, $holder) = @_;
    my $price = $space{$pos}{price} // 0;
    my $group = $space{$pos}{group} // return $price;
    my @rest = grep { $_ != $pos } @{ $group_of{$group} };
    my $owned = grep { ($view->{owner}[$_] // -1) == $holder } @rest;
    return @rest && $owned == @rest ? 2 * $price : $price;
}

# A street I lack in a set whose other streets are all mine, and who holds it (bare: no houses, not mortgaged).
sub wanted_street {
    my ($view, $partners) = @_;
    for my $group (sort keys %group_of) {
        my @missing = grep { ($view->{owner}[$_] // -1) != $seat } @{ $group_of{$group} };
        next unless @missing == 1 && @{ $group_of{$group} } > 1;
        my ($pos, $holder) = ($missing[0], $view->{owner}[ $missing[0] ] // -1);
        next if $asked{$pos}++ || !have($partners, $holder) || $space{$pos}{type} ne 'street';
        next if ($view->{level} && $view->{level}[$pos]) || ($view->{mortgaged} && $view->{mortgaged}[$pos]);
        return ($pos, $holder);
    }
    return;
}

sub decide {
    my ($p) = @_;
    my ($kind, $d, $legal, $view) = @{$p}{qw(kind details legal view)};
    my ($answers, $anytime) = ($legal->{answers}, $legal->{anytime});
    my $cash = me($view)->{cash};
    my $reserve = 150;
    if ($kind eq 'turn') {
        for my $a (@$anytime) {
            next unless $a =~ /^build (\d+)$/;
            return $a if $cash - ($space{$1}{house_cost} // 1e9) >= 2 * $reserve;
        }
        if ($view->{owner} && @{ $legal->{trade_partners} }) {
            my ($pos, $holder) = wanted_street($view, $legal->{trade_partners});
            my $offer = int(1.5 * ($space{$pos // -1}{price} // 0));
            return "trade $holder take=$pos cash=$offer" if defined $pos && $cash - $offer >= $reserve;
        }
        return 'use-card' if have($answers, 'use-card');
    }
    return ($cash - $d->{price} >= $reserve ? 'buy' : 'auction') if $kind eq 'buy' && have($answers, 'buy');
    if ($kind eq 'auction' && $legal->{bid}) {
        my ($min, $lot) = ($legal->{bid}{min}, $d->{lot} // -1);
        my $limit = ($d->{lot_kind} // 'property') eq 'property' ? $space{$lot}{price} // 0 : 0;
        return "bid $min" if ($min <= $limit && $cash - $min >= $reserve) || !@$answers;
        return 'pass' if have($answers, 'pass');
    }
    if ($kind eq 'debt') {
        return 'pay' if have($answers, 'pay');
        for my $prefix ('sell ', 'sell-all ', 'mortgage ') {
            my @raise = grep { index($_, $prefix) == 0 } @$anytime;
            return $raise[0] if @raise;
        }
    }
    if ($kind eq 'trade' && have($answers, 'accept')) {
        my $o = $d->{offer};
        my $gain = ($o->{cash} // 0);
        $gain += worth($view, $_, $seat) for @{ $o->{give} // [] };
        $gain -= worth($view, $_, $o->{proposer}) for @{ $o->{take} // [] };
        return $gain > 0 && $cash + ($o->{cash} // 0) >= 0 ? 'accept' : 'reject';
    }
    return ($cash - ($d->{lift_cost} // 0) >= 2 * $reserve ? 'lift' : 'keep') if $kind eq 'mortgaged-property';
    return 'claim' if have($answers, 'claim');
    return $answers->[0] if @$answers;
    return "bid $legal->{bid}{min}" if $legal->{bid};
    return $anytime->[0];
}

while (my $line = <STDIN>) {
    my $msg = eval { $json->decode($line) } or next;
    my $type = $msg->{type} // '';
    if ($type eq 'hello') {
        send_msg({ type => 'hello', name => 'perlbot', author => 'openmonopoly examples', version => '1',
                   protocol => $msg->{protocol} });
    } elsif ($type eq 'game-start') {
        $seat = $msg->{seat};
        (%space, %group_of, %asked) = ();
        srand($msg->{seed});
        for my $s (@{ $msg->{board}{spaces} }) {
            $space{ $s->{pos} } = $s;
            push @{ $group_of{ $s->{group} } }, $s->{pos} if defined $s->{group} && defined $s->{price};
        }
    } elsif ($type eq 'prompt') {
        send_msg({ type => 'answer', id => $msg->{id}, action => decide($msg) });
    } elsif ($type eq 'error') {
        print STDERR "perlbot: $msg->{code}: $msg->{message}\n";
    } elsif ($type eq 'quit') {
        last;
    }
}
